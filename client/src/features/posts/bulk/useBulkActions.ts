import type { Post, PostBulkBody, PostBulkResult, PostBulkSkip } from '@platform/shared';
import type { TFunction } from 'i18next';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { bulkPosts } from '../../../api/endpoints/post-bulk';
import { useServices } from '../../../providers/services-context';
import { cardTitle } from '../../common/post-text';

/** What the last bulk action did, kept in the bar until the next one: the skipped posts are named. */
export type BulkOutcome = { summary: string; skipped: string[] };

/** One line per skipped post: its title (or number) and why it was left alone. */
export function skippedLines(t: TFunction, skipped: PostBulkSkip[], listed: ReadonlyMap<number, Post>): string[] {
  return skipped.map((skip) => {
    const listedPost = listed.get(skip.id);
    const name = skip.title || (listedPost ? cardTitle(listedPost) : t('post.bulk.post_number', { id: skip.id }));
    const why =
      skip.reason === 'locked'
        ? t('post.bulk.skip.locked', { name: skip.locked_by?.realname ?? '' })
        : skip.reason === 'incomplete'
          ? skip.message
          : t(`post.bulk.skip.${skip.reason}`);
    return t('post.bulk.skip.line', { name, why });
  });
}

const SUMMARY_KEYS = { status: 'post.bulk.done.status', delete: 'post.bulk.done.delete', collection: 'post.bulk.done.collection' } as const;

/**
 * The data view's select mode (spec 2 screen 17): which listed posts are ticked, and the bulk
 * actions on them, one request each. The list itself follows the pushed events of the change.
 */
export function useBulkActions(posts: Post[]) {
  const { t } = useTranslation();
  const { api, notices, dialogs } = useServices();
  const [selecting, setSelecting] = useState(false);
  const [ticked, setTicked] = useState<ReadonlySet<number>>(new Set());
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<BulkOutcome | null>(null);
  const listed = useMemo(() => new Map(posts.map((p) => [p.id, p])), [posts]);
  // A post that left the list (deleted, filtered out) leaves the selection with it.
  const selected = useMemo(() => posts.filter((p) => ticked.has(p.id)), [posts, ticked]);

  const toggle = useCallback((id: number, on?: boolean) => {
    setSelecting(true);
    setTicked((current) => {
      const next = new Set(current);
      if (on ?? !next.has(id)) next.add(id);
      else next.delete(id);
      return next;
    });
  }, []);

  async function run(body: PostBulkBody): Promise<PostBulkResult | null> {
    setBusy(true);
    try {
      const result = await bulkPosts(api, body);
      const summary = t(SUMMARY_KEYS[body.action], { count: result.changed.length });
      const skipped = skippedLines(t, result.skipped, listed);
      setOutcome({ summary, skipped });
      notices.success(summary);
      if (skipped.length > 0) notices.warning(t('post.bulk.skipped', { count: skipped.length }), skipped);
      setTicked(new Set(result.skipped.map((s) => s.id).filter((id) => listed.has(id))));
      return result;
    } catch (error) {
      notices.apiError(error, t('post.bulk.failed'));
      return null;
    } finally {
      setBusy(false);
    }
  }

  const ids = () => selected.map((p) => p.id);

  return {
    selecting,
    selected,
    busy,
    outcome,
    isSelected: (id: number) => ticked.has(id),
    toggle,
    start: () => setSelecting(true),
    stop: () => {
      setSelecting(false);
      setTicked(new Set());
      setOutcome(null);
    },
    selectAll: (on: boolean) => setTicked(on ? new Set(posts.map((p) => p.id)) : new Set()),
    dismissOutcome: () => setOutcome(null),
    setStatus: (status: Post['status'], only?: number[]) => run({ action: 'status', ids: only ?? ids(), status }),
    addToCollection: (collectionId: number) => run({ action: 'collection', ids: ids(), collection_id: collectionId }),
    async remove() {
      const count = selected.length;
      const ok = await dialogs.confirm({
        message: t('post.bulk.destroy_confirm', { count }),
        danger: true,
        confirmLabel: t('common.delete'),
      });
      if (ok) await run({ action: 'delete', ids: ids() });
    },
  };
}

export type BulkActions = ReturnType<typeof useBulkActions>;
