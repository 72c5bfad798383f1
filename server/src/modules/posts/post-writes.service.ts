import { CreatePostBody, MAX_DB_ID, PostMessages, slugify, UpdatePostBody, withPostAliases, type PostStatus } from '@platform/shared';
import type { Insertable } from 'kysely';
import type { Auth } from '../../auth/auth';
import { authorize } from '../../auth/policy/policy';
import { canManagePosts, postRule } from '../../auth/policy/posts.policy';
import type { AppContext } from '../../context';
import type { Executor, Trx } from '../../db/database';
import type { PostsTable } from '../../db/tables/posts';
import { groupCommitMany, type Settled } from '../../db/group-commit';
import { ApiError, notFound, parseBody, ValidationError, type FieldError } from '../../http/errors';
import { appendPostEvent, appendPostsCreated, updateEventType } from './post-events';
import { contextOf, formsByIds, type PostForm, type PostFormContext } from './post-forms.repository';
import type { MediaLink } from './post-media.repository';
import { replaceMedia } from './post-media.repository';
import { assertNotLockedByOther } from './post-locks.service';
import { checkPostRules, defaultStatus } from './post-rules.validation';
import { attributeWritable } from './post-values.presenter';
import { checkValues } from './post-values.validation';
import { postSubject, type PostView } from './posts.presenter';
import * as repo from './posts.repository';
import { RESOURCE, type PostsReads } from './posts.service';

/** An id a body names (`5`, `"5"`), null for an explicit null, undefined when absent or not an id. */
function looseId(value: unknown): number | null | undefined {
  if (value === null) return null;
  const n = typeof value === 'string' && /^\s*\d{1,10}\s*$/.test(value) ? Number(value) : value;
  return typeof n === 'number' && Number.isInteger(n) && n > 0 && n <= MAX_DB_ID ? n : undefined;
}

/**
 * What authorization needs from a body before it is validated (403 beats 422, API-CONTRACT 0):
 * the survey and owner it names, read leniently.
 */
function requested(body: unknown) {
  const record = withPostAliases(body);
  const fields = typeof record === 'object' && record !== null && !Array.isArray(record) ? (record as Record<string, unknown>) : {};
  const present = (v: unknown) => v !== undefined && v !== null && v !== '';
  return {
    formId: looseId(fields.form_id),
    hasUser: fields.user_id !== undefined,
    userId: looseId(fields.user_id),
    hasAuthor: present(fields.author_realname) || present(fields.author_email),
  };
}

const slugOf = (title: string) =>
  slugify(title)
    .replace(/[^\p{L}\p{N}-]+/gu, '')
    .slice(0, 200) || null;

/** The published-posts plan limit (`features.limits.posts`), counted under a lock. */
async function limitProblem(trx: Trx, limit: number | null, status: PostStatus, wasPublished: boolean, id?: number): Promise<FieldError[]> {
  if (limit === null || status !== 'published' || wasPublished) return [];
  await repo.lockPublishedCount(trx);
  return (await repo.countPublished(trx, id)) >= limit ? [{ pointer: '/status', message: PostMessages.limitReached }] : [];
}

/** Surveys read for new posts, kept for the next post of a batch. */
export type FormReads = Map<number, { form: PostForm | null; context: PostFormContext | null }>;

/** A new post that passed every check, ready to be written. */
export type NewPost = {
  row: Insertable<PostsTable>;
  /** Who writes it: the actor of its `post.created` event. */
  actorId: number | null;
  form: PostForm | null;
  context: PostFormContext | null;
  points: repo.PointRow[];
  tagLinks: repo.TagLink[];
  mediaLinks: MediaLink[];
};

/** A saved post the caller may no longer read is answered with 204 and no body (API-CONTRACT 0). */
const readableOrNull = (auth: Auth, view: PostView): PostView | null =>
  postRule(auth, 'read', postSubject(view.post, view.context?.form ?? null)) ? view : null;

/** Creating and updating posts: one transaction each, with the rows, side tables and event. */
export function createPostWritesService(ctx: AppContext, reads: PostsReads) {
  const formOf = async (id: number | null | undefined, db: Executor = ctx.db): Promise<PostForm | null> =>
    typeof id === 'number' ? ((await formsByIds(db, [id])).get(id) ?? null) : null;

  /** The survey (and its tasks and fields) a new post names, read once per `forms` cache. */
  async function surveyOf(trx: Trx, formId: number | null | undefined, forms: FormReads | undefined) {
    if (typeof formId !== 'number') return { form: null, context: null };
    const known = forms?.get(formId);
    if (known) return known;
    const read = { form: await formOf(formId, trx), context: await contextOf(trx, formId) };
    forms?.set(formId, read);
    return read;
  }

  /**
   * Authorizes and validates a new post without writing anything: what `writeNew` then stores.
   * `forms` keeps the surveys read, for a caller validating many posts of one survey (CSV import).
   */
  async function prepareNew(trx: Trx, auth: Auth, body: unknown, limit: number | null, now: Date, forms?: FormReads): Promise<NewPost> {
    const asked = requested(body);
    const owner = asked.hasUser ? (asked.userId ?? null) : asked.hasAuthor ? null : auth.userId;
    const named = await surveyOf(trx, asked.formId, forms);
    authorize(postRule, auth, 'create', { user_id: owner, status: 'draft', published_to: [], form: named.form });
    const data = parseBody(CreatePostBody, body, RESOURCE);
    const writer = { userId: auth.userId, managesPosts: canManagePosts(auth) };
    const { context } = data.form_id === asked.formId ? named : await surveyOf(trx, data.form_id ?? null, forms);
    const status = data.status ?? defaultStatus(context?.form ?? null);
    const userId = data.user_id !== undefined ? data.user_id : data.author_realname || data.author_email ? null : auth.userId;
    const completed = data.completed_stages ?? [];
    const values = await checkValues(trx, {
      raw: data.values ?? {},
      stored: {},
      context,
      writable: (a) => attributeWritable(auth, { user_id: userId, status }, a),
      completedStages: completed,
      checkRequired: true,
      now,
      postId: null,
      writer,
    });
    const rules = await checkPostRules(trx, {
      auth,
      isCreate: true,
      data,
      merged: {
        status,
        user_id: userId,
        author_realname: data.author_realname ?? null,
        author_email: data.author_email ?? null,
        completed_stages: completed,
      },
      previousStatus: null,
      previousParentId: null,
      requestedFormId: data.form_id ?? null,
      context,
    });
    const fields = [...values.fields, ...rules.fields, ...(await limitProblem(trx, limit, status, false))];
    if (fields.length > 0) throw new ValidationError(RESOURCE, fields);
    return {
      actorId: auth.userId,
      row: {
        form_id: context?.form.id ?? null,
        user_id: userId,
        parent_id: data.parent_id ?? null,
        title: data.title,
        slug: data.slug ?? slugOf(data.title),
        content: data.content,
        author_realname: data.author_realname ?? null,
        author_email: data.author_email ?? null,
        status,
        locale: data.locale,
        post_date: data.post_date ?? now,
        values: JSON.stringify(values.values),
        published_to: data.published_to ?? [],
        completed_stages: completed,
        mapped: values.points.length > 0,
        places: repo.placesOf(values.points),
      },
      form: context?.form ?? null,
      context,
      points: values.points,
      tagLinks: [...values.tagLinks, ...(rules.legacyTagIds ?? []).map((tagId) => ({ tagId, attributeId: null }))],
      mediaLinks: values.mediaLinks,
    };
  }

  /**
   * Stores prepared posts with their points, categories, media and `post.created` events, each kind
   * in one statement however many posts there are; answers the rows in the order given.
   */
  async function writeNew(trx: Trx, prepared: NewPost[]): Promise<repo.PostRow[]> {
    if (prepared.length === 0) return [];
    const posts = await repo.insertMany(
      trx,
      prepared.map((p) => p.row),
    );
    // The answer is matched to what was sent by position: make sure it lines up.
    if (posts.length !== prepared.length || posts.some((post, i) => post.title !== prepared[i]!.row.title))
      throw new Error('the inserted posts do not line up with the prepared ones');
    await repo.insertPoints(
      trx,
      posts.flatMap((post, i) => prepared[i]!.points.map((point) => ({ ...point, postId: post.id }))),
    );
    await repo.insertTags(
      trx,
      posts.map((post, i) => ({ postId: post.id, links: prepared[i]!.tagLinks })),
    );
    for (const [i, post] of posts.entries())
      if (prepared[i]!.mediaLinks.length > 0) await replaceMedia(trx, post.id, prepared[i]!.mediaLinks);
    await appendPostsCreated(
      trx,
      posts.map((post, i) => ({
        post,
        form: prepared[i]!.form,
        tagIds: prepared[i]!.tagLinks.map((l) => l.tagId),
        actorId: prepared[i]!.actorId,
      })),
    );
    return posts;
  }

  /**
   * The answer for a post just written, from what it was written with instead of read back (a
   * round trip fewer on every create): its survey as validated, its categories as stored, and no
   * collection or lock yet.
   */
  const writtenView = (post: repo.PostRow, prepared: NewPost): PostView => ({
    post,
    context: prepared.context,
    tagLinks: repo.storedTagLinks(prepared.tagLinks),
    sets: [],
    lock: null,
  });

  /** Authorizes and validates a new post, then writes it and its event in the caller's transaction. */
  async function insertPost(trx: Trx, auth: Auth, body: unknown, limit: number | null, now: Date): Promise<repo.PostRow> {
    const [post] = await writeNew(trx, [await prepareNew(trx, auth, body, limit, now)]);
    return post!;
  }

  /**
   * Creates that arrive while others are being written share a transaction (`groupCommitMany`):
   * each is checked on its own, a refused one fails alone, and the rest are written with one
   * statement per table. Under a stream of reports this saves the round trips of a transaction per
   * post, which bound the write rate (BENCHMARKS.md, ingest). Without a posts limit only: the limit
   * counts published posts as they are written.
   */
  const createGrouped = groupCommitMany(
    ctx.tx,
    async (trx, creates: Array<{ auth: Auth; body: unknown; now: Date }>): Promise<Array<Settled<PostView>>> => {
      const forms: FormReads = new Map();
      const checked: Array<Settled<NewPost>> = [];
      for (const { auth, body, now } of creates) {
        try {
          checked.push({ value: await prepareNew(trx, auth, body, null, now, forms) });
        } catch (error) {
          // A refusal answered on purpose leaves the transaction as it was; anything else fails the group.
          if (!(error instanceof ApiError)) throw error;
          checked.push({ refused: error });
        }
      }
      const ready = checked.flatMap((c) => ('value' in c ? [c.value] : []));
      const posts = await writeNew(trx, ready);
      let next = 0;
      return checked.map((c) => ('value' in c ? { value: writtenView(posts[next++]!, c.value) } : c));
    },
    // One transaction at a time, of up to 50 posts: at 200 creates a second, four at once made
    // smaller groups, more round trips and three times the write p95 (BENCHMARKS.md, ingest).
    { max: 50, atOnce: 1 },
  );

  return {
    async create(auth: Auth, body: unknown): Promise<PostView | null> {
      // Settings read through the pool, before the transaction (the embedded database deadlocks otherwise).
      const limit = await ctx.settings.limit('posts');
      const now = ctx.now();
      const saved =
        limit === null
          ? await createGrouped({ auth, body, now })
          : await ctx.tx(async (trx) => {
              const prepared = await prepareNew(trx, auth, body, limit, now);
              const [post] = await writeNew(trx, [prepared]);
              return writtenView(post!, prepared);
            });
      return readableOrNull(auth, saved);
    },

    /**
     * The same create inside a transaction the caller holds (the CSV import writes a batch of rows
     * in one): every check of `create`, nothing read through the pool. `limit` is the posts plan
     * limit, read by the caller before its transaction.
     */
    createInTransaction: (trx: Trx, auth: Auth, body: unknown, options: { limit: number | null; now: Date }) =>
      insertPost(trx, auth, body, options.limit, options.now),

    /**
     * The same create split in two for a batch (the CSV import): `prepare` runs every check of
     * `create` on one post and writes nothing (a refusal throws); `write` then stores the prepared
     * posts together. `forms` keeps the surveys read across the batch. Without a posts limit only:
     * the limit counts published posts as they are written.
     */
    prepareInTransaction: (trx: Trx, auth: Auth, body: unknown, options: { now: Date; forms: FormReads }) =>
      prepareNew(trx, auth, body, null, options.now, options.forms),
    writeInTransaction: (trx: Trx, prepared: NewPost[]) => writeNew(trx, prepared),

    /**
     * Partial update (API-CONTRACT 8.3): fields not sent keep their value; `values`, `tags`,
     * `completed_stages` and `published_to` replace the whole set; a survey can be given once.
     */
    async update(auth: Auth, id: number, body: unknown): Promise<PostView | null> {
      const current = await reads.load(ctx.db, id);
      const asked = requested(body);
      const newFormId = current.form_id === null && typeof asked.formId === 'number' ? asked.formId : null;
      const form = await formOf(newFormId ?? current.form_id);
      const changesOwner = (row: repo.PostRow) => asked.hasUser && (asked.userId ?? null) !== row.user_id;
      authorize(postRule, auth, 'update', { ...postSubject(current, form), changesOwner: changesOwner(current) });
      const data = parseBody(UpdatePostBody, body, RESOURCE);
      const writer = { userId: auth.userId, managesPosts: canManagePosts(auth) };
      const limit = await ctx.settings.limit('posts');
      const now = ctx.now();
      const saved = await ctx.tx(async (trx) => {
        const locked = (await repo.findForUpdate(trx, id)) ?? notFound(RESOURCE, id);
        // Checked again on the locked row: another request may have changed owner or status meanwhile.
        authorize(postRule, auth, 'update', { ...postSubject(locked, form), changesOwner: changesOwner(locked) });
        // Another user's active edit lock refuses the update (API-CONTRACT 11).
        await assertNotLockedByOther(trx, auth, id, now);
        const requestedFormId = locked.form_id === null && typeof data.form_id === 'number' ? data.form_id : null;
        const context = await contextOf(trx, locked.form_id ?? requestedFormId);
        const pick = <K extends keyof typeof data & keyof repo.PostRow>(key: K) => (data[key] !== undefined ? data[key] : locked[key]);
        const merged = {
          status: pick('status') as PostStatus,
          user_id: pick('user_id') as number | null,
          author_realname: pick('author_realname') as string | null,
          author_email: pick('author_email') as string | null,
          completed_stages: pick('completed_stages') as number[],
        };
        const values = await checkValues(trx, {
          raw: data.values,
          stored: locked.values,
          context,
          writable: (a) => attributeWritable(auth, locked, a),
          completedStages: merged.completed_stages,
          checkRequired: data.values !== undefined || data.completed_stages !== undefined || requestedFormId !== null,
          now,
          postId: id,
          writer,
        });
        const rules = await checkPostRules(trx, {
          auth,
          isCreate: false,
          data,
          merged,
          previousStatus: locked.status,
          previousParentId: locked.parent_id,
          requestedFormId,
          context,
        });
        const limited = await limitProblem(trx, limit, merged.status, locked.status === 'published', id);
        const fields = [...values.fields, ...rules.fields, ...limited];
        if (fields.length > 0) throw new ValidationError(RESOURCE, fields);
        const post = await repo.update(trx, id, {
          ...merged,
          form_id: context?.form.id ?? null,
          parent_id: pick('parent_id') as number | null,
          title: pick('title') as string,
          slug: pick('slug') as string | null,
          content: pick('content') as string,
          locale: pick('locale') as string,
          post_date: pick('post_date') as Date,
          published_to: pick('published_to') as string[],
          values: JSON.stringify(values.values),
          mapped: values.points.length > 0,
          places: repo.placesOf(values.points),
          updated: now,
        });
        const stored = (await repo.tagLinksOf(trx, [id])).get(id) ?? [];
        const legacy = rules.legacyTagIds ?? stored.filter((l) => l.attributeId === null).map((l) => l.tagId);
        const tagLinks = [...values.tagLinks, ...legacy.map((tagId) => ({ tagId, attributeId: null }))];
        await repo.replacePoints(trx, id, values.points);
        await repo.replaceTags(trx, id, tagLinks);
        await replaceMedia(trx, id, values.mediaLinks);
        await appendPostEvent(trx, {
          type: updateEventType(locked.status, post.status),
          post,
          form: context?.form ?? null,
          tagIds: tagLinks.map((l) => l.tagId),
          actorId: auth.userId,
          previous: locked,
        });
        return reads.view(trx, post);
      });
      return readableOrNull(auth, saved);
    },
  };
}
