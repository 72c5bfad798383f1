import { DEMO_POST_LIMIT, DEMO_TIER, POST_LIST_DEFAULTS, POST_SORTABLE, PostListQuery } from '@platform/shared';
import type { Auth } from '../../auth/auth';
import { allowedPrivileges, authorize } from '../../auth/policy/policy';
import { canManagePosts, POST_PRIVILEGES, postRule, type PostSubject } from '../../auth/policy/posts.policy';
import type { AppContext } from '../../context';
import type { Executor } from '../../db/database';
import { notFound, parseBody } from '../../http/errors';
import { parsePaging, type Paging } from '../../http/query';
import { appendPostEvent } from './post-events';
import { contextOf, contextsByFormIds } from './post-forms.repository';
import { postsShowingMedia } from './post-media.repository';
import { attributeVisible } from './post-values.presenter';
import { sidesOf } from './post-sides.repository';
import { postSubject, type PostView, type PostViewOptions } from './posts.presenter';
import * as repo from './posts.repository';
import { createCountCache, pointFieldsHidden, searchPosts, type CountKind, type PostSearch, type PostViewer } from './search';

export const RESOURCE = 'post';

export type PostsReads = ReturnType<typeof createPostsService>;

/** Decimals of `map.location_precision` (a digit string or number; 2 by default). */
const precisionOf = (value: unknown): number => {
  const n = typeof value === 'string' ? Number(value) : value;
  return typeof n === 'number' && Number.isInteger(n) && n >= 0 && n <= 9 ? n : 2;
};

/** Reading posts: one, many, and the views every answer is built from. */
export function createPostsService(ctx: AppContext) {
  const counts = createCountCache(ctx.reader);

  /** Surveys (tasks, fields), categories, collections and locks of the posts, in one statement. */
  async function views(db: Executor, rows: repo.PostRow[]): Promise<PostView[]> {
    if (rows.length === 0) return [];
    const formIds = rows.map((r) => r.form_id).filter((id): id is number => id !== null);
    const { contexts, tags, sets, locks } = await sidesOf(
      db,
      rows.map((r) => r.id),
      formIds,
      ctx.now(),
    );
    return rows.map((post) => ({
      post,
      context: post.form_id === null ? null : (contexts.get(post.form_id) ?? null),
      tagLinks: tags.get(post.id) ?? [],
      sets: sets.get(post.id) ?? [],
      lock: locks.get(post.id) ?? null,
    }));
  }

  const view = async (db: Executor, row: repo.PostRow): Promise<PostView> => (await views(db, [row]))[0]!;

  /** 404 for an unknown post: the first check of every post route (API-CONTRACT 0). */
  const load = async (db: Executor, id: number): Promise<repo.PostRow> => (await repo.findById(db, id)) ?? notFound(RESOURCE, id);

  async function locationPrecision(): Promise<number> {
    return precisionOf((await ctx.settings.get('map')).location_precision);
  }

  /** Who searches; with `search`, also whether its places filters may test posts' own points. */
  async function viewer(auth: Auth, search?: PostSearch): Promise<PostViewer> {
    const manager = canManagePosts(auth);
    const spatial = search !== undefined && (Boolean(search.bbox || search.center_point) || search.has_location !== 'all');
    const [precision, exactPlaces] = await Promise.all([
      locationPrecision(),
      manager || !spatial ? Promise.resolve(manager) : pointFieldsHidden(ctx.db, { rounded: true }).then((hidden) => !hidden),
    ]);
    return { manager, userId: auth.userId, role: auth.role, locationPrecision: precision, exactPlaces };
  }

  /** The filters of a list request; the demo tier caps what any list shows (API-CONTRACT 8.4). */
  async function searchOf(query: unknown): Promise<PostSearch> {
    const filters = parseBody(PostListQuery, query, RESOURCE);
    const demo = (await ctx.settings.get('site')).tier === DEMO_TIER;
    return { ...filters, demoLimit: demo ? DEMO_POST_LIMIT : null };
  }

  /** Anyone may search (a private deployment refuses anonymous callers first). */
  const authorizeSearch = (auth: Auth) => authorize(postRule, auth, 'search', newPostSubject(auth));

  return {
    views,
    view,
    load,
    viewer,
    searchOf,
    authorizeSearch,
    locationPrecision,

    async viewOptions(search?: PostSearch): Promise<PostViewOptions> {
      return {
        includeTypes: search?.include_types,
        includeAttributes: search?.include_attributes,
        locationPrecision: await locationPrecision(),
      };
    },

    /** A post the caller may read (or 401/403) with its view. */
    async get(auth: Auth, id: number): Promise<PostView> {
      const row = await load(ctx.db, id);
      const result = await view(ctx.db, row);
      authorize(postRule, auth, 'read', postSubject(row, result.context?.form ?? null));
      return result;
    },

    /**
     * Whether a post the caller may read shows them this media: the post's read rule and the
     * visibility of the field holding it, exactly as the post's `values` would show the id.
     */
    async showsMedia(auth: Auth, mediaId: number): Promise<boolean> {
      const holders = await postsShowingMedia(ctx.db, mediaId);
      if (holders.length === 0) return false;
      const contexts = await contextsByFormIds(
        ctx.db,
        holders.flatMap(({ post }) => (post.form_id === null ? [] : [post.form_id])),
      );
      return holders.some(({ post, attributeId }) => {
        const context = post.form_id === null ? undefined : contexts.get(post.form_id);
        const attribute = context?.attributes.find((a) => a.id === attributeId);
        return (
          context !== undefined &&
          attribute !== undefined &&
          postRule(auth, 'read', postSubject(post, context.form)) &&
          attributeVisible(auth, post, attribute)
        );
      });
    },

    /** `OPTIONS /posts` and `/posts/{id}`: the privileges on an unsaved post or on this one. */
    async privileges(auth: Auth, id?: number) {
      if (id === undefined) return allowedPrivileges(postRule, auth, newPostSubject(auth), POST_PRIVILEGES);
      const row = await load(ctx.db, id);
      const context = await contextOf(ctx.db, row.form_id);
      return allowedPrivileges(postRule, auth, postSubject(row, context?.form ?? null), POST_PRIVILEGES);
    },

    /**
     * `GET /posts`: readable rows only (the SQL applies the read rule), pages of 20 at most, 100
     * with Manage Posts (API-CONTRACT 8.4).
     */
    async search(
      auth: Auth,
      query: Record<string, unknown>,
    ): Promise<{ views: PostView[]; total: number; totalKind: CountKind; paging: Paging; search: PostSearch }> {
      authorizeSearch(auth);
      const maxLimit = canManagePosts(auth) ? ctx.config.postListAdminMaxLimit : ctx.config.postListMaxLimit;
      const paging = parsePaging(query, { resource: RESOURCE, sortable: POST_SORTABLE, ...POST_LIST_DEFAULTS, maxLimit });
      const search = await searchOf(query);
      const { rows, total, totalKind } = await searchPosts(ctx.db, search, await viewer(auth, search), paging, {
        mode: 'fast',
        sessions: ctx.lists,
        cache: counts,
      });
      return { views: await views(ctx.db, rows), total, totalKind, paging, search };
    },

    /** Returns the post as it was; points, categories and memberships go with it. */
    async remove(auth: Auth, id: number): Promise<PostView> {
      const row = await load(ctx.db, id);
      const before = await view(ctx.db, row);
      const form = before.context?.form ?? null;
      authorize(postRule, auth, 'delete', postSubject(row, form));
      await ctx.tx(async (trx) => {
        const locked = (await repo.findForUpdate(trx, id)) ?? notFound(RESOURCE, id);
        authorize(postRule, auth, 'delete', postSubject(locked, form));
        const tagLinks = (await repo.tagLinksOf(trx, [id])).get(id) ?? [];
        await repo.remove(trx, id);
        await appendPostEvent(trx, {
          type: 'post.deleted',
          post: locked,
          form,
          tagIds: tagLinks.map((l) => l.tagId),
          actorId: auth.userId,
        });
      });
      return before;
    },
  };
}

/** An unsaved post as the caller would create it: theirs, draft, open survey. */
export const newPostSubject = (auth: Auth): PostSubject => ({ user_id: auth.userId, status: 'draft', published_to: [], form: null });
