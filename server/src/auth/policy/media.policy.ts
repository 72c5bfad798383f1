import { blockedByPrivacy, isAdmin, isLoggedIn } from '../auth';
import type { Rule } from './policy';

/**
 * What the media rule reads: the uploader, and whether a post shows the media to the caller
 * (computed by the posts module: the post's read rule and the visibility of the field holding it).
 */
export type MediaAccess = { userId: number | null; shownInReadablePost: boolean } | null;

/**
 * Media (API-CONTRACT 14.3, tightened). v3 lets anyone read any media by its sequential id, so a
 * draft's photo, its caption and its file were public. Here anyone uploads (anonymous visitors
 * attach photos); a media is read by its uploader, admins, and whoever may read a post showing
 * it; only the uploader and admins change or delete it.
 */
export const mediaRule: Rule<MediaAccess> = (auth, privilege, media) => {
  if (blockedByPrivacy(auth)) return false;
  if (privilege === 'create') return true;
  if (media === null) return false;
  const mine = isLoggedIn(auth) && media.userId === auth.userId;
  if (privilege === 'read') return isAdmin(auth) || mine || media.shownInReadablePost;
  return (privilege === 'update' || privilege === 'delete') && (isAdmin(auth) || mine);
};
