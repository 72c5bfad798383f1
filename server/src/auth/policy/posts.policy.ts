import type { Privilege, PostStatus } from '@platform/shared';
import { blockedByPrivacy, hasPermission, isAdmin, isLoggedIn, type Auth } from '../auth';
import type { Rule } from './policy';
import { roleListAllows } from './tags.policy';

/** What `allowed_privileges` lists for a post (API-CONTRACT 8.5); `lock` is checked internally. */
export const POST_PRIVILEGES: readonly Privilege[] = ['read', 'create', 'update', 'delete', 'search', 'change_status', 'read_full'];

/** Who may post in a survey: everyone, or the roles in its list; nobody while it is disabled. */
export type PostFormAccess = { disabled: boolean; everyone_can_create: boolean; can_create: readonly string[] };

/**
 * A post as the rules see it. `form` is null for posts without a survey; `changesOwner` marks an
 * update that hands the post to someone else.
 */
export type PostSubject = {
  user_id: number | null;
  status: PostStatus;
  published_to: readonly string[];
  form: PostFormAccess | null;
  changesOwner?: boolean;
};

/** Manage Posts (admins hold every permission): moves posts between any statuses, sees everything. */
export const canManagePosts = (auth: Auth): boolean => isAdmin(auth) || hasPermission(auth, 'Manage Posts');

export const isPostOwner = (auth: Auth, post: { user_id: number | null }): boolean => isLoggedIn(auth) && post.user_id === auth.userId;

/**
 * What a survey hides (author, exact time, exact location, private responses) stays visible to
 * post managers and to the post's own author (API-CONTRACT 8.2, spec 2 section 6).
 */
export const seesHiddenDetails = (auth: Auth, post: { user_id: number | null }): boolean => canManagePosts(auth) || isPostOwner(auth, post);

const formAdmits = (auth: Auth, form: PostFormAccess | null): boolean =>
  form === null || (!form.disabled && (form.everyone_can_create || (auth.role !== null && form.can_create.includes(auth.role))));

/** A published post whose `published_to` is empty (everyone) or names the caller's role. */
export const isPublishedFor = (auth: Auth, post: Pick<PostSubject, 'status' | 'published_to'>): boolean =>
  post.status === 'published' && roleListAllows(auth, post.published_to);

/**
 * PostAuthorizer, in the decision order of API-CONTRACT 8.5. The list's SQL visibility
 * (`readable` in modules/posts/search) and the realtime audience follow the same rule.
 */
export const postRule: Rule<PostSubject> = (auth, privilege, post) => {
  // 1. A private deployment shows nothing to anonymous callers.
  if (blockedByPrivacy(auth)) return false;
  // 2. Admins do everything; managers everything but delete, which needs Delete Posts.
  if (isAdmin(auth)) return true;
  if (privilege !== 'delete' && hasPermission(auth, 'Manage Posts')) return true;
  if (privilege === 'delete' && hasPermission(auth, 'Delete Posts')) return true;
  // 4. Nobody creates on behalf of someone else (anonymous creates anonymous posts).
  if (privilege === 'create' && post.user_id !== auth.userId) return false;
  // 5. Restricted surveys refuse writes from roles they do not list.
  if ((privilege === 'create' || privilege === 'update' || privilege === 'lock') && !formAdmits(auth, post.form)) return false;
  // 6.
  if (privilege === 'create' || privilege === 'search') return true;
  // 7.
  if (privilege === 'read' && isPublishedFor(auth, post)) return true;
  // 8. Statuses move freely only for managers; owners go through the approval rule instead.
  if (privilege === 'change_status') return false;
  // 9. Handing a post to another user.
  if (post.changesOwner) return false;
  const owner = isPostOwner(auth, post);
  // 10-12.
  if (owner && (privilege === 'update' || privilege === 'lock')) return hasPermission(auth, 'Edit their own posts');
  if (owner && privilege === 'delete') return hasPermission(auth, 'Delete Their Own Posts');
  return owner && privilege === 'read';
};
