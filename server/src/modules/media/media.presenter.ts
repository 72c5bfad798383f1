import type { Auth } from '../../auth/auth';
import { mediaRule } from '../../auth/policy/media.policy';
import { allowedPrivileges } from '../../auth/policy/policy';
import { ref, resourceUrl, w3c } from '../../http/urls';
import type { MediaEntity } from './media.service';

/** A store may hand out absolute URLs (a CDN, S3); a local path is made absolute on our origin. */
const absolute = (base: string, path: string) => (/^https?:\/\//i.test(path) ? path : `${base}${path}`);

/**
 * Media JSON (API-CONTRACT 14.3). `original_file_url` is absolute so any client can show it; it is
 * also the only way to the file (see the file route), so only those who may read the media get it.
 */
export function presentMedia(base: string, auth: Auth, { row, access }: MediaEntity, filePath: (key: string) => string) {
  return {
    id: row.id,
    url: resourceUrl(base, 'media', row.id),
    user: ref(base, 'users', row.user_id),
    caption: row.caption,
    created: w3c(row.created),
    updated: w3c(row.updated),
    mime: row.mime,
    original_file_url: absolute(base, filePath(row.storage_key)),
    original_file_size: row.original_file_size,
    original_width: row.original_width,
    original_height: row.original_height,
    allowed_privileges: allowedPrivileges(mediaRule, auth, access),
  };
}
