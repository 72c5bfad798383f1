import type { Post } from '@platform/shared';
import type { MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { markerColor } from '../map/marker-color';
import { PostLockMessage } from '../post-lock/PostLockMessage';
import { useLivePost } from '../post-lock/useLivePost';
import { PostActionsMenu, type PostChangeHandlers } from './PostActionsMenu';
import { PostMeta } from './PostMeta';
import { PostTweet, tweetUrl } from './PostTweet';
import { cardExcerpt, cardTitle } from '../common/post-text';
import { useKeepFilters } from '../common/useKeepFilters';
import { usePreviewImage } from './usePreviewImage';

/** The select mode's checkbox of a card (spec 2 screen 2). */
export type CardSelection = { checked: boolean; onToggle: (on: boolean) => void };

export function PostCard({
  post: loaded,
  selected,
  selection,
  active = false,
  ...handlers
}: { post: Post; selected: boolean; selection?: CardSelection; active?: boolean } & PostChangeHandlers) {
  // The lock follows pushed lock events: icon, message and the menu's actions change at once.
  const post = useLivePost(loaded);
  const { t } = useTranslation();
  const navigate = useNavigate();
  const keep = useKeepFilters();
  const image = usePreviewImage(post);
  const target = keep(selected ? '/views/data' : `/posts/${post.id}`);
  const excerpt = cardExcerpt(post);
  const tweet = tweetUrl(post);

  // The whole card selects (and deselects) the post; its links, buttons and menu keep their own job.
  const onClick = (event: MouseEvent<HTMLElement>) => {
    if ((event.target as HTMLElement).closest('a, button, input, label, .disclosure')) return;
    void navigate(target);
  };

  return (
    <article
      className={`post-card${selected ? ' post-card-selected' : ''}${active ? ' post-card-active' : ''}${selection?.checked ? ' post-card-checked' : ''}`}
      style={{ borderInlineStartColor: markerColor(post.color) }}
      onClick={onClick}
      data-post-id={post.id}
    >
      <div className="post-card-body">
        <div className="post-card-head">
          {selection ? (
            <input
              type="checkbox"
              className="checkbox post-card-check"
              checked={selection.checked}
              onChange={(event) => selection.onToggle(event.target.checked)}
              aria-label={t('post.bulk.select_post', { title: cardTitle(post) })}
            />
          ) : null}
          <h2 className="post-card-title" dir="auto">
            <Link to={target} aria-current={selected ? 'true' : undefined}>
              {cardTitle(post)}
            </Link>
          </h2>
          <PostActionsMenu post={post} {...handlers} />
        </div>
        {tweet ? (
          <PostTweet url={tweet} text={excerpt} />
        ) : excerpt ? (
          <p className="post-card-excerpt" dir="auto">
            {excerpt}
          </p>
        ) : null}
        <PostMeta post={post} />
        {post.lock ? <PostLockMessage postId={post.id} lock={post.lock} /> : null}
      </div>
      {image ? <img className="post-card-image" src={image.original_file_url} alt={image.caption ?? ''} loading="lazy" /> : null}
    </article>
  );
}
