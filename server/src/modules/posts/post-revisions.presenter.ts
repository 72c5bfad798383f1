import type { PostRevision } from '@platform/shared';
import type { Auth } from '../../auth/auth';
import { ref, resourceUrl, w3c } from '../../http/urls';
import type { PostFormContext } from './post-forms.repository';
import type { RevisionRow } from './post-revisions.repository';
import { presentValues } from './post-values.presenter';

/**
 * One revision (`GET /posts/{id}/revisions[/{id}]`): the post as an event left it, with the actor
 * as `user`. Values go through the same privacy as the live post, with the survey as it is now.
 */
export function presentRevision(
  base: string,
  auth: Auth,
  row: RevisionRow,
  context: PostFormContext | null,
  options: { locationPrecision: number },
): PostRevision {
  const post = row.data.post;
  return {
    id: row.id,
    url: resourceUrl(base, `posts/${post.id}/revisions`, row.id),
    post_id: post.id,
    event: row.type,
    user: ref(base, 'users', row.actor_id),
    created: w3c(row.created_at) ?? '',
    version: post.version,
    form: ref(base, 'forms', post.form_id),
    status: post.status,
    title: post.title,
    content: post.content,
    post_date: w3c(post.post_date) ?? '',
    locale: post.locale,
    values: presentValues(auth, post, context, options),
    tags: post.tags.map((id) => ({ id, url: resourceUrl(base, 'tags', id) })),
    published_to: post.published_to,
    completed_stages: post.completed_stages,
    allowed_privileges: ['read'],
  };
}
