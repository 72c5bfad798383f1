import {
  CollectionBody,
  CollectionPostBody,
  CollectionUpdateBody,
  SavedSearchBody,
  SavedSearchUpdateBody,
  SetMessages,
  type PostBulkResult,
} from '@platform/shared';
import { isLoggedIn, type Auth } from '../../auth/auth';
import { authorize } from '../../auth/policy/policy';
import type { AppContext } from '../../context';
import type { Executor, Trx } from '../../db/database';
import { appendEvent } from '../../events/events.repository';
import { deny, invalid, notFound, parseBody, ValidationError } from '../../http/errors';
import type { Paging } from '../../http/query';
import type { NotificationDeliveryService } from '../notifications/notification-delivery.service';
import type { PostsModule } from '../posts/posts.module';
import type { SetEventData } from './sets.audience';
import { managesSets, setRule } from './sets.policy';
import * as repo from './sets.repository';

export type SetsService = ReturnType<typeof createSetsService>;
export type SetKind = 'collection' | 'savedsearch';

const RESOURCE: Record<SetKind, string> = { collection: 'collection', savedsearch: 'savedsearch' };

/**
 * Collections and saved searches (API-CONTRACT 12): both are rows of `sets`, told apart by the
 * `search` flag, so each endpoint only ever sees its own kind. A post joining a collection is
 * announced (`post.updated`) and delivered to the collection's subscribers in the same transaction.
 */
export function createSetsService(ctx: AppContext, deps: { posts: PostsModule; delivery: NotificationDeliveryService }) {
  const isSearch = (kind: SetKind) => kind === 'savedsearch';

  async function load(kind: SetKind, id: number) {
    return (await repo.findById(ctx.db, id, isSearch(kind))) ?? notFound(RESOURCE[kind], id);
  }

  /** Role names must exist; only admins and set managers may set or change `featured` (403). */
  async function check(db: Executor, kind: SetKind, auth: Auth, values: repo.SetValues, current: repo.SetRow | null) {
    if (values.featured !== undefined && values.featured !== (current?.featured ?? false) && !managesSets(auth)) {
      deny(auth, 'Only administrators and collection managers may feature collections and saved searches');
    }
    const missing = await repo.missingRoles(db, values.role ?? []);
    if (missing.length > 0) {
      throw new ValidationError(
        RESOURCE[kind],
        missing.map((name) => ({ pointer: '/role', message: SetMessages.roleMissing(name) })),
      );
    }
  }

  /**
   * `collection.updated` (for saved searches too: `kind` says which), in the change's transaction,
   * so an open context header shows the new name or leaves a deleted set at once.
   */
  async function announce(trx: Trx, kind: SetKind, after: repo.SetRow, before: repo.SetRow, actorId: number | null, deleted: boolean) {
    const data: SetEventData = {
      access: { user_id: after.user_id, role: after.role },
      previous: { user_id: before.user_id, role: before.role },
    };
    await appendEvent(trx, {
      type: 'collection.updated',
      aggregateType: 'collection',
      aggregateId: after.id,
      actorId,
      payload: { id: after.id, kind, deleted },
      data,
    });
  }

  function parse(kind: SetKind, body: unknown, creating: boolean): repo.SetValues {
    const schema =
      kind === 'collection' ? (creating ? CollectionBody : CollectionUpdateBody) : creating ? SavedSearchBody : SavedSearchUpdateBody;
    return parseBody(schema, body, RESOURCE[kind]) as repo.SetValues;
  }

  return {
    async get(auth: Auth, kind: SetKind, id: number) {
      const row = await load(kind, id);
      authorize(setRule, auth, 'read', row);
      return row;
    },

    async search(auth: Auth, kind: SetKind, filters: Omit<repo.SetFilters, 'search'>, paging: Paging) {
      authorize(setRule, auth, 'search', null);
      const viewer = { manager: managesSets(auth), userId: auth.userId, role: auth.role };
      return repo.search(ctx.db, { ...filters, search: isSearch(kind) }, viewer, paging);
    },

    async create(auth: Auth, kind: SetKind, body: unknown) {
      authorize(setRule, auth, 'create', null);
      if (!isLoggedIn(auth)) return deny(auth);
      const values = parse(kind, body, true);
      await check(ctx.db, kind, auth, values, null);
      // The creator owns it, whatever `user_id` the body names (API-CONTRACT 12).
      return repo.insert(ctx.db, isSearch(kind), auth.userId, values);
    },

    async update(auth: Auth, kind: SetKind, id: number, body: unknown) {
      const current = await load(kind, id);
      authorize(setRule, auth, 'update', current);
      const values = parse(kind, body, false);
      await check(ctx.db, kind, auth, values, current);
      return ctx.tx(async (trx) => {
        const updated = (await repo.update(trx, id, values, ctx.now())) ?? notFound(RESOURCE[kind], id);
        await announce(trx, kind, updated, current, auth.userId, false);
        return updated;
      });
    },

    async remove(auth: Auth, kind: SetKind, id: number) {
      const row = await load(kind, id);
      authorize(setRule, auth, 'delete', row);
      await ctx.tx(async (trx) => {
        // Memberships and subscriptions go with it (foreign keys); its posts' `sets` changed, so open views are told.
        const members = await repo.remove(trx, id);
        for (const postId of members) await deps.posts.announceSetsChanged(trx, postId, auth.userId);
        await announce(trx, kind, row, row, auth.userId, true);
      });
      return row;
    },

    /** `GET /collections/{id}/posts`: the post search restricted to the collection. */
    async posts(auth: Auth, id: number, query: Record<string, unknown>) {
      const row = await load('collection', id);
      authorize(setRule, auth, 'read', row);
      return deps.posts.reads.search(auth, { ...query, set: [String(id)] });
    },

    /** `GET /collections/{id}/posts/{post}`: a readable post of the collection. */
    async post(auth: Auth, id: number, postId: number) {
      const row = await load('collection', id);
      authorize(setRule, auth, 'read', row);
      const view = await deps.posts.reads.get(auth, postId);
      if (!(await repo.collectionsOfPost(ctx.db, postId)).some((set) => set.id === id)) notFound('post', postId);
      return view;
    },

    /** Adds a post (twice is a no-op); its subscribers are notified in the same transaction. */
    async addPost(auth: Auth, id: number, body: unknown) {
      const collection = await load('collection', id);
      authorize(setRule, auth, 'update', collection);
      const { id: postId } = parseBody(CollectionPostBody, body, RESOURCE.collection);
      // An id naming no post is an invalid id (422); an existing post still needs `read` (403).
      if (!(await repo.postExists(ctx.db, postId))) invalid(RESOURCE.collection, '/id', SetMessages.postIdInvalid);
      await deps.posts.reads.get(auth, postId);
      await ctx.tx(async (trx) => {
        if (!(await repo.findForUpdate(trx, id, false))) notFound(RESOURCE.collection, id);
        if (!(await repo.addPost(trx, id, postId))) return;
        await deps.posts.announceSetsChanged(trx, postId, auth.userId);
        await deps.delivery.postEnteredSet(trx, id, postId);
      });
      return deps.posts.reads.get(auth, postId);
    },

    /**
     * Bulk "add to collection" (spec 2 screen 17): one transaction; each post needs `read`, and a
     * post someone else is editing is skipped and named, as the other bulk actions do.
     */
    async addPosts(auth: Auth, id: number, postIds: number[]): Promise<PostBulkResult> {
      const collection = await load('collection', id);
      authorize(setRule, auth, 'update', collection);
      const now = ctx.now();
      return ctx.tx(async (trx) => {
        if (!(await repo.findForUpdate(trx, id, false))) notFound(RESOURCE.collection, id);
        const { targets, skipped } = await deps.posts.bulk.screen(trx, auth, postIds, 'read', now);
        const added = await repo.addPosts(
          trx,
          id,
          targets.map((t) => t.post.id),
        );
        const joined = targets.filter((t) => added.has(t.post.id));
        await deps.posts.announceSetsChangedMany(trx, joined, auth.userId);
        await deps.delivery.postsEnteredSet(
          trx,
          id,
          joined.map((t) => t.post.id),
        );
        const changed = joined.map((t) => t.post.id);
        const unchanged = targets.filter((t) => !added.has(t.post.id)).map((t) => t.post.id);
        return { action: 'collection', changed, unchanged, skipped };
      });
    },

    async removePost(auth: Auth, id: number, postId: number) {
      const collection = await load('collection', id);
      authorize(setRule, auth, 'update', collection);
      await deps.posts.reads.get(auth, postId);
      await ctx.tx(async (trx) => {
        if (await repo.removePost(trx, id, postId)) await deps.posts.announceSetsChanged(trx, postId, auth.userId);
      });
      return deps.posts.reads.get(auth, postId);
    },

    /** The collection a CSV import fills, named after its file (API-CONTRACT 14.4), in the import's transaction. */
    async createForImport(trx: Trx, userId: number, name: string) {
      return repo.insert(trx, false, userId, { name, description: 'Import', view: 'data' });
    },

    /**
     * An imported post joins the import's collection in the transaction that created it: its
     * `post.created` already tells open views, so no `post.updated` follows; whoever subscribed to
     * the collection since the import began is notified.
     */
    async addImportedPost(trx: Trx, setId: number, postId: number) {
      if (await repo.addPost(trx, setId, postId)) await deps.delivery.postEnteredSet(trx, setId, postId);
    },

    /** A batch of imported posts joins the import's collection in one statement. */
    async addImportedPosts(trx: Trx, setId: number, postIds: number[]) {
      const added = await repo.addPosts(trx, setId, postIds);
      await deps.delivery.postsEnteredSet(
        trx,
        setId,
        [...added].sort((a, b) => a - b),
      );
    },

    /** `GET /posts/{id}/collections`: the collections of a readable post that the caller may see. */
    async collectionsOf(auth: Auth, postId: number) {
      await deps.posts.reads.get(auth, postId);
      const rows = await repo.collectionsOfPost(ctx.db, postId);
      return rows.filter((row) => setRule(auth, 'read', row));
    },
  };
}
