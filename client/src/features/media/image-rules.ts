import { MEDIA_MAX_BYTES, MEDIA_MIME_TYPES } from '@platform/shared';

const EXTENSIONS = ['gif', 'jpg', 'jpeg', 'png'];

/** The i18n key of the one image message (spec 1 section 5). */
export const IMAGE_INVALID = 'settings.image.invalid';

/** Site header and logo images: gif, jpg, jpeg or png, at most 1 MB; null when acceptable. */
export function imageProblem(file: Pick<File, 'name' | 'type' | 'size'>): string | null {
  const extension = file.name.split('.').pop()?.toLowerCase() ?? '';
  const typeOk = (MEDIA_MIME_TYPES as readonly string[]).includes(file.type) || (file.type === '' && EXTENSIONS.includes(extension));
  if (!typeOk || !EXTENSIONS.includes(extension) || file.size > MEDIA_MAX_BYTES) return IMAGE_INVALID;
  return null;
}

export const IMAGE_ACCEPT = '.gif,.jpg,.jpeg,.png,image/gif,image/jpeg,image/png';
