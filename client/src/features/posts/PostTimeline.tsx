import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { AddPostButton } from './AddPostButton';
import { BulkBar } from './bulk/BulkBar';
import type { BulkActions } from './bulk/useBulkActions';
import { PostCard } from './PostCard';
import { hasMorePosts, PAGE_SIZES, type PostListState } from './post-list-state';
import type { PostListApi } from './usePostList';
import { EmptyState } from '../../ui/EmptyState';
import { Inbox, ListChecks, SearchX, decorative } from '../../ui/icons';
import { Skeleton } from '../../ui/Skeleton';

const COUNT_KEYS = { exact: 'post.shown_of_total', at_least: 'post.shown_of_at_least', estimate: 'post.shown_of_estimate' } as const;

/** An estimate to two significant digits (about 58,000, not 58,412), never below what is shown. */
export const roundedEstimate = (total: number, shown: number) => {
  const step = total < 100 ? 1 : 10 ** (Math.floor(Math.log10(total)) - 1);
  return Math.max(Math.round(total / step) * step, shown);
};

/** "Showing 20 of 1,234 posts", worded honestly when a million-post total was capped or estimated. */
function shownOfTotal(t: TFunction, state: PostListState): string {
  const shown = state.posts.length;
  const total = state.totalKind === 'estimate' ? roundedEstimate(state.total, shown) : state.total;
  return t(COUNT_KEYS[state.totalKind], { shown, total });
}

/**
 * The timeline column (spec 2 screen 1): page size, "posts shown of total", the new posts banner,
 * the cards, load more and the empty states.
 */
export function PostTimeline({
  list,
  selectedId,
  filtered = false,
  bulk,
  activeId = null,
}: {
  list: PostListApi;
  selectedId: number | null;
  filtered?: boolean;
  /** The select mode (spec 2 screen 17), for logged-in callers. */
  bulk?: BulkActions;
  /** The card the keyboard is on (j / k). */
  activeId?: number | null;
}) {
  const { t } = useTranslation();
  const { state } = list;
  const shown = state.posts.length;
  const more = hasMorePosts(state) && state.status !== 'loading';

  return (
    <section className="post-timeline" aria-labelledby="post-timeline-title" aria-busy={state.status === 'loading'}>
      <h2 id="post-timeline-title" className="visually-hidden">
        {t('post.timeline')}
      </h2>
      <div className="post-toolbar">
        <p className="post-count" role="status">
          {state.status === 'loading' ? t('app.loading') : shownOfTotal(t, state)}
        </p>
        {bulk && !bulk.selecting && shown > 0 ? (
          <button type="button" className="button button-small" onClick={bulk.start}>
            <ListChecks {...decorative} />
            {t('post.bulk.select')}
          </button>
        ) : null}
        <label className="post-page-size">
          <span>{t('post.page_size')}</span>
          <select className="select select-compact" value={list.limit} onChange={(e) => list.setLimit(Number(e.target.value))}>
            {PAGE_SIZES.map((size) => (
              <option key={size} value={size}>
                {t('post.per_page', { count: size })}
              </option>
            ))}
          </select>
        </label>
      </div>

      {bulk?.selecting ? <BulkBar bulk={bulk} pageCount={shown} /> : null}

      {state.pending.length > 0 ? (
        <button type="button" className="new-posts-banner" onClick={list.showPending}>
          {t('post.new_posts', { count: state.pending.length })}
        </button>
      ) : null}

      {state.status === 'error' ? (
        <div className="form-alert" role="alert">
          <p>{t('post.load_failed')}</p>
          <button type="button" className="button" onClick={list.reload}>
            {t('post.try_again')}
          </button>
        </div>
      ) : null}

      {state.status !== 'loading' && state.status !== 'error' && shown === 0 ? (
        <div className="post-empty">
          <EmptyState icon={filtered ? SearchX : Inbox} action={filtered ? null : <AddPostButton />}>
            {t(filtered ? 'post.no_search_results' : 'post.empty')}
          </EmptyState>
        </div>
      ) : null}

      {state.status === 'loading' && shown === 0 ? <Skeleton shape="card" count={4} announce={false} /> : null}

      <ol className="post-list">
        {state.posts.map((post) => (
          <li key={post.id}>
            <PostCard
              post={post}
              selected={post.id === selectedId}
              active={post.id === activeId}
              selection={bulk?.selecting ? { checked: bulk.isSelected(post.id), onToggle: (on) => bulk.toggle(post.id, on) } : undefined}
              onChanged={() => void list.refresh(post.id)}
              onRemoved={list.removed}
            />
          </li>
        ))}
      </ol>

      {more ? (
        <button type="button" className="button post-load-more" onClick={list.loadMore} disabled={state.status === 'more'}>
          {state.status === 'more' ? t('app.loading') : t('post.load_more')}
        </button>
      ) : null}
    </section>
  );
}
