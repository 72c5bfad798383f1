import type { Post } from '@platform/shared';
import type { MouseEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { getMediaCached, getPostSurvey } from '../../api/endpoints/posts';
import { useServices } from '../../app/services-context';
import { markerColor } from '../map/marker-color';
import { PostLockMessage } from '../post-lock/PostLockMessage';
import { useLivePost } from '../post-lock/useLivePost';
import { PostActionsMenu, type PostChangeHandlers } from './PostActionsMenu';
import { PostMeta } from './PostMeta';
import { previewMediaId } from './post-value-format';
import { cardExcerpt, cardTitle } from './post-text';
import { useLoaded } from './useLoaded';
import { useKeepFilters } from './useKeepFilters';

/** The picture of the survey's first media field that holds one (spec 2 screen 2). */
function usePreviewImage(post: Post) {
  const { api } = useServices();
  const survey = useLoaded(post.form ? `survey:${post.form.id}` : null, () => getPostSurvey(api, post.form?.id ?? 0));
  const mediaId = survey ? previewMediaId(post, survey.attributes) : null;
  return useLoaded(mediaId ? `media:${mediaId}` : null, () => getMediaCached(api, mediaId ?? 0));
}

export function PostCard({ post: loaded, selected, ...handlers }: { post: Post; selected: boolean } & PostChangeHandlers) {
  // The lock follows pushed lock events: icon, message and the menu's actions change at once.
  const post = useLivePost(loaded);
  const navigate = useNavigate();
  const keep = useKeepFilters();
  const image = usePreviewImage(post);
  const target = keep(selected ? '/views/data' : `/posts/${post.id}`);
  const excerpt = cardExcerpt(post);

  // The whole card selects (and deselects) the post; its links, buttons and menu keep their own job.
  const onClick = (event: MouseEvent<HTMLElement>) => {
    if ((event.target as HTMLElement).closest('a, button, .disclosure')) return;
    void navigate(target);
  };

  return (
    <article
      className={`post-card${selected ? ' post-card-selected' : ''}`}
      style={{ borderInlineStartColor: markerColor(post.color) }}
      onClick={onClick}
      data-post-id={post.id}
    >
      <div className="post-card-body">
        <div className="post-card-head">
          <h2 className="post-card-title">
            <Link to={target} aria-current={selected ? 'true' : undefined}>
              {cardTitle(post)}
            </Link>
          </h2>
          <PostActionsMenu post={post} {...handlers} />
        </div>
        {excerpt ? <p className="post-card-excerpt">{excerpt}</p> : null}
        <PostMeta post={post} />
        {post.lock ? <PostLockMessage postId={post.id} lock={post.lock} /> : null}
      </div>
      {image ? <img className="post-card-image" src={image.original_file_url} alt={image.caption ?? ''} loading="lazy" /> : null}
    </article>
  );
}
