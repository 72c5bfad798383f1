import type { Post } from '@platform/shared';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { getPost } from '../../api/endpoints/posts';
import { useServices } from '../../app/services-context';
import { cardTitle, plainText, truncate } from '../posts/post-text';
import { scopedPath, useSetScope } from '../sets/set-scope';

type Loaded = { id: number; post: Post | null };

/** The popup post card of a map point (spec 2 screen 11): title, a short excerpt and a link to the post. */
export function PostPopupCard({ id }: { id: number }) {
  const { t } = useTranslation();
  const { api } = useServices();
  // Inside a collection or saved search the post opens in its data view.
  const scope = useSetScope();
  const [loaded, setLoaded] = useState<Loaded | null>(null);

  useEffect(() => {
    let alive = true;
    getPost(api, id).then(
      (post) => alive && setLoaded({ id, post }),
      () => alive && setLoaded({ id, post: null }),
    );
    return () => {
      alive = false;
    };
  }, [api, id]);

  if (loaded?.id !== id) return <p className="map-popup-loading">{t('app.loading')}</p>;
  const { post } = loaded;
  if (!post) return <p className="map-popup-error">{t('map.popup_unavailable')}</p>;
  const excerpt = post.title.trim() ? truncate(plainText(post.content)) : '';
  return (
    <article className="map-popup-card" aria-label={cardTitle(post)}>
      <h2 className="map-popup-title">{cardTitle(post)}</h2>
      {excerpt ? <p className="map-popup-excerpt">{excerpt}</p> : null}
      <Link to={scopedPath(`/posts/${post.id}`, scope)} className="button button-small button-primary">
        {t('map.open_post')}
      </Link>
    </article>
  );
}
