import type { Post } from '@platform/shared';
import type { Auth } from '../../auth/auth';
import { allowedPrivileges } from '../../auth/policy/policy';
import { canManagePosts, POST_PRIVILEGES, postRule, seesHiddenDetails, type PostSubject } from '../../auth/policy/posts.policy';
import { ref, resourceUrl, w3c } from '../../http/urls';
import type { PostForm, PostFormContext } from './post-forms.repository';
import { presentPostLock } from './post-locks.presenter';
import type { LockRow } from './post-locks.repository';
import { presentValues, visibleTagIds, type ValueViewOptions } from './post-values.presenter';
import type { PostRow, TagLink } from './posts.repository';

/** A post with what its JSON needs: its survey (tasks and fields), categories and collections. */
export type PostView = { post: PostRow; context: PostFormContext | null; tagLinks: TagLink[]; sets: number[]; lock?: LockRow | null };

export type PostViewOptions = ValueViewOptions;

export const postSubject = (post: Pick<PostRow, 'user_id' | 'status' | 'published_to'>, form: PostForm | null): PostSubject => ({
  user_id: post.user_id,
  status: post.status,
  published_to: post.published_to,
  form,
});

/** A W3C date with the time of day removed, for surveys that hide times. */
const dayOnly = (date: Date | string) => `${(w3c(date) ?? '').slice(0, 10)}T00:00:00+00:00`;

/**
 * Post JSON (API-CONTRACT 8.2). `author_*` only with `read_full`; a survey's `hide_author`,
 * `hide_time` and `hide_location` apply to callers who neither manage posts nor wrote this one.
 * `lock` (an active edit lock) is shown to Manage Posts callers only (API-CONTRACT 11).
 */
export function presentPost(base: string, auth: Auth, view: PostView, options: PostViewOptions): Post {
  const { post, context } = view;
  const form = context?.form ?? null;
  const privileges = allowedPrivileges(postRule, auth, postSubject(post, form), POST_PRIVILEGES);
  const exact = seesHiddenDetails(auth, post);
  const hideAuthor = form !== null && form.hide_author && !exact;
  const time = (date: Date | string) => (form !== null && form.hide_time && !exact ? dayOnly(date) : (w3c(date) ?? ''));
  return {
    id: post.id,
    url: resourceUrl(base, 'posts', post.id),
    parent: ref(base, 'posts', post.parent_id),
    form: ref(base, 'forms', post.form_id),
    user: hideAuthor ? null : ref(base, 'users', post.user_id),
    message: ref(base, 'messages', post.message_id),
    contact: hideAuthor ? null : ref(base, 'contacts', post.contact_id),
    type: post.type,
    title: post.title,
    slug: post.slug,
    content: post.content,
    ...(privileges.includes('read_full') ? { author_email: post.author_email, author_realname: post.author_realname } : {}),
    status: post.status,
    created: time(post.created),
    updated: post.updated ? time(post.updated) : null,
    locale: post.locale,
    post_date: time(post.post_date),
    values: presentValues(auth, post, context, options),
    tags: visibleTagIds(auth, post, context, view.tagLinks).map((id) => ({ id, url: resourceUrl(base, 'tags', id) })),
    published_to: post.published_to,
    completed_stages: post.completed_stages,
    sets: view.sets.map(String),
    lock: view.lock && canManagePosts(auth) ? presentPostLock(base, view.lock) : null,
    source: post.source,
    color: form?.color ?? null,
    data_source_message_id: post.data_source_message_id,
    metadata: post.metadata,
    base_language: post.base_language,
    allowed_privileges: privileges,
  };
}
