import type { PostStatus } from '@platform/shared';
import type { Trx } from '../../db/database';
import { appendEvent, appendEvents, type NewEvent } from '../../events/events.repository';
import type { PostForm } from './post-forms.repository';
import type { PostRow } from './posts.repository';

export type PostEventType = 'post.created' | 'post.updated' | 'post.status_changed' | 'post.deleted';

/** Events after which anything kept about which posts match a search (cluster indexes, counts) may be wrong. */
export const CHANGES_MATCHES = /^(post\.|collection\.|config\.|user\.deleted|import\.completed)/;

/** Who could read a post in one state: what the realtime audience checks (API-CONTRACT 8.5). */
export type PostAudienceState = { user_id: number | null; status: PostStatus; published_to: string[] };

/** What the event log keeps of a post (never pushed): its full row and categories, for revisions. */
export type PostSnapshot = Omit<PostRow, 'post_date' | 'created' | 'updated' | 'places'> & {
  post_date: string;
  created: string;
  updated: string | null;
  tags: number[];
};

/**
 * `revision: false` marks an announcement that changed nothing the snapshot holds (a post joined
 * or left a collection): pushed like any update, but not listed among the post's revisions.
 */
export type PostEventData = { post: PostSnapshot; audience: PostAudienceState; previous?: PostAudienceState; revision?: false };

export const audienceState = (post: Pick<PostRow, 'user_id' | 'status' | 'published_to'>): PostAudienceState => ({
  user_id: post.user_id,
  status: post.status,
  published_to: post.published_to,
});

const iso = (d: Date | string) => (typeof d === 'string' ? new Date(d) : d).toISOString();

/** The post as a revision keeps it; its points are in `values` (`places` is their index copy). */
export function snapshotOf({ places: _places, ...post }: PostRow, tagIds: number[]): PostSnapshot {
  return {
    ...post,
    post_date: iso(post.post_date),
    created: iso(post.created),
    updated: post.updated ? iso(post.updated) : null,
    tags: [...new Set(tagIds)].sort((a, b) => a - b),
  };
}

/**
 * The pushed part: ids, version and who may see it; never values, title or content, and no author
 * when the survey hides authors (DESIGN 4). Clients refetch the post over REST.
 */
export function postPayload(post: PostRow, form: Pick<PostForm, 'hide_author'> | null): Record<string, unknown> {
  return {
    id: post.id,
    version: post.version,
    status: post.status,
    form_id: post.form_id,
    user_id: form?.hide_author ? null : post.user_id,
    published_to: post.published_to,
  };
}

/**
 * One clear rule for updates: a change of status is always announced as `post.status_changed`
 * (whatever else changed with it), because it changes who may see the post; any other change is
 * `post.updated`. The previous state travels in `data` so that sockets which could read the post
 * before are told it left their view.
 */
export const updateEventType = (before: PostStatus, after: PostStatus): PostEventType =>
  before === after ? 'post.updated' : 'post.status_changed';

type PostEvent = {
  type: PostEventType;
  post: PostRow;
  form: Pick<PostForm, 'hide_author'> | null;
  tagIds: number[];
  actorId: number | null;
  previous?: PostRow;
  revision?: false;
};

/** The log row of a post event: the pushed payload, and the snapshot and audiences kept beside it. */
export function postEvent(event: PostEvent): NewEvent {
  const { post, previous } = event;
  const payload = postPayload(post, event.form);
  if (event.type === 'post.status_changed' && previous) payload.previous_status = previous.status;
  const data: PostEventData = { post: snapshotOf(post, event.tagIds), audience: audienceState(post) };
  if (previous) data.previous = audienceState(previous);
  if (event.revision === false) data.revision = false;
  return { type: event.type, aggregateType: 'post', aggregateId: post.id, actorId: event.actorId, payload, data };
}

export const appendPostEvent = (trx: Trx, event: PostEvent): Promise<number> => appendEvent(trx, postEvent(event));

/** `post.created` for many new posts in one statement (a CSV import batch, or creates written together). */
export function appendPostsCreated(
  trx: Trx,
  created: Array<{ post: PostRow; form: Pick<PostForm, 'hide_author'> | null; tagIds: number[]; actorId: number | null }>,
): Promise<number[]> {
  return appendEvents(
    trx,
    created.map(({ post, form, tagIds, actorId }) => postEvent({ type: 'post.created', post, form, tagIds, actorId })),
  );
}
