import type { Post } from '@platform/shared';
import { useEffect, useState, type ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { getPost } from '../../api/endpoints/posts';
import { loadChunk } from '../../ui/lazy-chunk';
import { useServices } from '../../providers/services-context';

type Card = ComponentType<{ post: Post }>;
type Loaded = { id: number; post: Post; Card: Card } | { id: number; post: null };

/**
 * The popup post card of a map point (spec 2 screen 11). The post and the card's code are loaded
 * together when a point is opened: a map that is only looked at does not download the card.
 */
export function PostPopupCard({ id }: { id: number }) {
  const { t } = useTranslation();
  const { api } = useServices();
  const [loaded, setLoaded] = useState<Loaded | null>(null);

  useEffect(() => {
    let alive = true;
    Promise.all([getPost(api, id), loadChunk(() => import('./PopupPostCard'))]).then(
      ([post, { PopupPostCard }]) => alive && setLoaded({ id, post, Card: PopupPostCard }),
      () => alive && setLoaded({ id, post: null }),
    );
    return () => {
      alive = false;
    };
  }, [api, id]);

  if (loaded?.id !== id) return <p className="map-popup-loading">{t('app.loading')}</p>;
  if (!loaded.post) return <p className="map-popup-error">{t('map.popup_unavailable')}</p>;
  const { Card, post } = loaded;
  return <Card post={post} />;
}
