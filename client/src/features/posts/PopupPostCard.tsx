import type { Post } from '@platform/shared';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { useLivePost } from '../post-lock/useLivePost';
import { cardExcerpt, cardTitle } from '../common/post-text';
import { PostMeta } from './PostMeta';
import { useKeepFilters, type ReturnTo } from '../common/useKeepFilters';
import { usePreviewImage } from './usePreviewImage';
import { markerColor } from '../map/marker-color';

/**
 * The post card as the data view shows it (spec 2 screen 2), without its select box and menu: the
 * survey's colour band, title, excerpt, preview image, status, author, time, source and a lock that
 * follows pushed lock events; and the way to the whole post.
 */
export function PopupPostCard({ post: loaded }: { post: Post }) {
  const { t } = useTranslation();
  const post = useLivePost(loaded);
  const image = usePreviewImage(post);
  // The post opens in the data view with the map's filters (and collection or saved search);
  // closing it comes back to the map.
  const keep = useKeepFilters();
  const { pathname, search } = useLocation();
  const back: ReturnTo = { returnTo: `${pathname}${search}` };
  const excerpt = cardExcerpt(post);
  return (
    <article className="map-popup-card" aria-label={cardTitle(post)} style={{ borderInlineStartColor: markerColor(post.color) }}>
      <div className="map-popup-body">
        <h2 className="map-popup-title" dir="auto">
          {cardTitle(post)}
        </h2>
        {excerpt ? (
          <p className="map-popup-excerpt" dir="auto">
            {excerpt}
          </p>
        ) : null}
        <PostMeta post={post} />
        <Link to={keep(`/posts/${post.id}`)} state={back} className="button button-small button-primary">
          {t('map.open_post')}
        </Link>
      </div>
      {image ? <img className="map-popup-image" src={image.original_file_url} alt={image.caption ?? ''} loading="lazy" /> : null}
    </article>
  );
}
