import { sql } from 'kysely';
import type { Trx } from '../../db/database';
import { EVENTS_CHANNEL } from '../../events/events.repository';
import { appendPostEvent } from './post-events';
import { contextsByFormIds } from './post-forms.repository';
import * as repo from './posts.repository';

/**
 * A deleted category leaves every post (API-CONTRACT 14.2): its id is stripped from the values of
 * category fields in the tags module's delete transaction, before the category row (and through
 * its foreign key the `posts_tags` rows) go. Each post changed gets a new version and a
 * `post.updated` event (actor unknown to this hook: null).
 */
export async function removeTagFromPosts(trx: Trx, tagId: number, now: Date): Promise<void> {
  const posts = await repo.postsWithTag(trx, tagId);
  if (posts.length === 0) return;
  const contexts = await contextsByFormIds(
    trx,
    posts.map((p) => p.form_id).filter((id): id is number => id !== null),
  );
  const links = await repo.tagLinksOf(
    trx,
    posts.map((p) => p.id),
  );
  for (const post of posts) {
    const context = post.form_id === null ? undefined : contexts.get(post.form_id);
    const tagKeys = new Set((context?.attributes ?? []).filter((a) => a.type === 'tags').map((a) => a.key));
    const values: Record<string, unknown[]> = {};
    for (const [key, list] of Object.entries(post.values)) {
      const kept = tagKeys.has(key) && Array.isArray(list) ? list.filter((v) => v !== tagId) : list;
      if (kept.length > 0) values[key] = kept;
    }
    const updated = await repo.update(trx, post.id, { values: JSON.stringify(values), updated: now });
    const tagIds = (links.get(post.id) ?? []).map((l) => l.tagId).filter((id) => id !== tagId);
    await appendPostEvent(trx, { type: 'post.updated', post: updated, form: context?.form ?? null, tagIds, actorId: null, previous: post });
  }
}

/**
 * Deleting a survey deletes its posts through the foreign key (API-CONTRACT 7.1). Our decision:
 * each of them is announced with `post.deleted`, as if deleted one by one, so open screens drop
 * them. One statement writes every event (a survey may hold many posts); the snapshot kept in
 * `data` is the row and the audience the post had, which is all a deleted post needs.
 */
export async function announceFormPostsDeleted(trx: Trx, formId: number, actorId: number | null): Promise<void> {
  const { numAffectedRows } = await sql`
    insert into events (type, aggregate_type, aggregate_id, actor_id, payload, data)
    select 'post.deleted', 'post', p.id::text, ${actorId}::int,
      jsonb_build_object('id', p.id, 'version', p.version, 'status', p.status, 'form_id', p.form_id,
        'user_id', case when f.hide_author then null else p.user_id end, 'published_to', to_jsonb(p.published_to)),
      jsonb_build_object('post', to_jsonb(p),
        'audience', jsonb_build_object('user_id', p.user_id, 'status', p.status, 'published_to', to_jsonb(p.published_to)))
    from posts p join forms f on f.id = p.form_id
    where p.form_id = ${formId}
    order by p.id
  `.execute(trx);
  if (numAffectedRows !== undefined && numAffectedRows > 0n) await sql`select pg_notify(${EVENTS_CHANNEL}, '')`.execute(trx);
}
