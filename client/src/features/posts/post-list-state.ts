import type { Post, TotalCountKind } from '@platform/shared';

/** Page sizes of the data view; 20 is the default (spec 2 section 9). */
export const PAGE_SIZES = [10, 20, 50] as const;
export const DEFAULT_PAGE_SIZE = 20;

/**
 * The most posts one `GET /posts` answers a caller without Manage Posts (API-CONTRACT 8.4,
 * `API_POST_LIST_MAX_LIMIT`). Neither `/config` nor the envelope (its `limit` echoes the request,
 * 14.1) says so, yet 50 per page is offered to everyone: larger pages are read in slices this size.
 */
export const SERVER_PAGE_CAP = 20;
/** The same for callers with Manage Posts (`API_POST_LIST_ADMIN_MAX_LIMIT`): any page size in one request. */
export const MANAGER_PAGE_CAP = 100;

/**
 * The timeline column: the posts shown, the total the server counts, and the new posts announced
 * by pushes that wait behind the "new posts" banner until the person asks for them.
 */
export type PostListState = {
  status: 'loading' | 'ready' | 'more' | 'error';
  posts: Post[];
  total: number;
  /** How the server counted `total` at a million posts: exact, "more than" a cap, or "about". */
  totalKind: TotalCountKind;
  /** Whether the last page read was full, so another may follow (a capped total cannot say). */
  lastPageFull: boolean;
  pending: Post[];
};

export type PostListAction =
  | { type: 'reload' }
  | { type: 'loadMore' }
  | { type: 'failed' }
  | { type: 'loaded'; results: Post[]; total: number; totalKind?: TotalCountKind; pageFull?: boolean; append: boolean }
  | { type: 'announced'; posts: Post[] }
  | { type: 'showPending' }
  | { type: 'changed'; post: Post }
  | { type: 'added'; post: Post }
  | { type: 'removed'; id: number };

export const initialPostList: PostListState = {
  status: 'loading',
  posts: [],
  total: 0,
  totalKind: 'exact',
  lastPageFull: false,
  pending: [],
};

const byNewest = (a: Post, b: Post) => Date.parse(b.created) - Date.parse(a.created) || b.id - a.id;

export function postListReducer(state: PostListState, action: PostListAction): PostListState {
  switch (action.type) {
    case 'reload':
      return { ...state, status: 'loading' };
    case 'loadMore':
      return { ...state, status: 'more' };
    case 'failed':
      return { ...state, status: 'error' };
    case 'loaded': {
      const counted = { total: action.total, totalKind: action.totalKind ?? 'exact', lastPageFull: action.pageFull ?? false };
      if (!action.append) {
        const shown = new Set(action.results.map((p) => p.id));
        return { ...counted, status: 'ready', posts: action.results, pending: state.pending.filter((p) => !shown.has(p.id)) };
      }
      // A page read after new posts were prepended overlaps the previous one: keep each post once.
      const known = new Set(state.posts.map((p) => p.id));
      return { ...state, ...counted, status: 'ready', posts: [...state.posts, ...action.results.filter((p) => !known.has(p.id))] };
    }
    case 'announced': {
      const known = new Set([...state.posts, ...state.pending].map((p) => p.id));
      const fresh = action.posts.filter((p) => !known.has(p.id));
      return fresh.length ? { ...state, pending: [...state.pending, ...fresh] } : state;
    }
    case 'showPending': {
      if (state.pending.length === 0) return state;
      const ids = new Set(state.pending.map((p) => p.id));
      const rest = state.posts.filter((p) => !ids.has(p.id));
      return { ...state, posts: [...[...state.pending].sort(byNewest), ...rest], total: state.total + state.pending.length, pending: [] };
    }
    case 'changed': {
      const swap = (list: Post[]) => list.map((p) => (p.id === action.post.id ? action.post : p));
      return { ...state, posts: swap(state.posts), pending: swap(state.pending) };
    }
    case 'added': {
      // A post this person just created goes straight to the top of their list.
      if (state.posts.some((p) => p.id === action.post.id)) return postListReducer(state, { type: 'changed', post: action.post });
      return {
        ...state,
        posts: [action.post, ...state.posts],
        pending: state.pending.filter((p) => p.id !== action.post.id),
        total: state.total + 1,
      };
    }
    case 'removed': {
      const listed = state.posts.some((p) => p.id === action.id);
      return {
        ...state,
        posts: state.posts.filter((p) => p.id !== action.id),
        pending: state.pending.filter((p) => p.id !== action.id),
        total: listed ? Math.max(0, state.total - 1) : state.total,
      };
    }
  }
}

/** Whether "load more" has anything to read: an exact total says so; a capped or estimated one cannot. */
export const hasMorePosts = (state: PostListState) =>
  state.totalKind === 'exact' ? state.posts.length < state.total : state.lastPageFull || state.posts.length < state.total;

export const isListed = (state: PostListState, id: number) =>
  state.posts.some((p) => p.id === id) || state.pending.some((p) => p.id === id);

type PostSlice = { results: Post[]; total_count: number; total_count_kind: TotalCountKind };
type ReadSlice = (offset: number, limit: number) => Promise<PostSlice>;

/**
 * One page of `limit` posts from `offset`, read as slices of `cap` in parallel and joined in order
 * (a post that moved into the next slice while they were read is kept once).
 */
export async function readPostPage(read: ReadSlice, offset: number, limit: number, cap = SERVER_PAGE_CAP) {
  const starts = Array.from({ length: Math.ceil(limit / cap) }, (_, i) => offset + i * cap);
  const slices = await Promise.all(starts.map((start) => readSlice(read, start, Math.min(cap, offset + limit - start))));
  const joined = slices.flatMap((slice) => slice.results);
  const results = joined.filter((post, i) => joined.findIndex((p) => p.id === post.id) === i);
  // The slice that reached the end of the list knows the total exactly; else the largest count
  // (a later slice's estimate is at least one past the posts up to it).
  const counted = slices.find((slice) => slice.total_count_kind === 'exact') ?? maxBy(slices, (slice) => slice.total_count);
  return {
    results,
    total: counted?.total_count ?? 0,
    totalKind: counted?.total_count_kind ?? 'exact',
    pageFull: joined.length >= limit,
  };
}

/** A short answer that is not the end of the list (a server capped below `cap`) is read on from where it stopped. */
async function readSlice(read: ReadSlice, offset: number, limit: number): Promise<PostSlice> {
  const answer = await read(offset, limit);
  const got = answer.results.length;
  const ended = got === 0 || got >= limit || (answer.total_count_kind === 'exact' && offset + got >= answer.total_count);
  if (ended) return answer;
  const rest = await readSlice(read, offset + got, limit - got);
  return { ...answer, results: [...answer.results, ...rest.results] };
}

const maxBy = <T>(items: T[], value: (item: T) => number): T | undefined =>
  items.reduce<T | undefined>((best, item) => (best === undefined || value(item) > value(best) ? item : best), undefined);
