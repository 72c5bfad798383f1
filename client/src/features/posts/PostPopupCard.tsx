import type { Post } from '@platform/shared';
import type { ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { getPost } from '../../api/endpoints/posts';
import { loadChunk } from '../../ui/lazy-chunk';
import { useLiveQuery } from '../../providers/query/useLiveQuery';
import { useServices } from '../../providers/services-context';

type Card = ComponentType<{ post: Post }>;

/**
 * The popup post card of a map point (spec 2 screen 11). The post and the card's code are loaded
 * together when a point is opened: a map that is only looked at does not download the card.
 */
export function PostPopupCard({ id }: { id: number }) {
  const { t } = useTranslation();
  const { api } = useServices();
  const loaded = useLiveQuery(['post', id, 'popup'], async () => {
    const [post, { PopupPostCard }] = await Promise.all([getPost(api, id), loadChunk(() => import('./PopupPostCard'))]);
    return { post, Card: PopupPostCard as Card };
  });

  if (loaded.isError) return <p className="map-popup-error">{t('map.popup_unavailable')}</p>;
  if (!loaded.data) return <p className="map-popup-loading">{t('app.loading')}</p>;
  const { Card, post } = loaded.data;
  return <Card post={post} />;
}
