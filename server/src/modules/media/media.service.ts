import { randomBytes } from 'node:crypto';
import { MEDIA_MIME_TYPES, MediaMessages, UpdateMediaBody } from '@platform/shared';
import { fileTypeFromBuffer } from 'file-type';
import { imageSize } from 'image-size';
import type { Auth } from '../../auth/auth';
import { mediaRule, type MediaAccess } from '../../auth/policy/media.policy';
import { authorize } from '../../auth/policy/policy';
import type { AppContext } from '../../context';
import { notFound, parseBody, unauthorized, ValidationError, type FieldError } from '../../http/errors';
import * as repo from './media.repository';

const RESOURCE = 'media';

export type UploadedFile = { buffer: Buffer; size: number };
export type UploadInput = { file: UploadedFile | undefined; caption: unknown };

/** A media row with what its rule reads, for the checks and for `allowed_privileges`. */
export type MediaEntity = { row: repo.MediaRow; access: NonNullable<MediaAccess> };

/** What the media service asks the posts module: does a post the caller may read show this media? */
export type MediaHolders = { showsMedia: (auth: Auth, mediaId: number) => Promise<boolean> };

type Image = { mime: string; ext: string; width: number; height: number };

/**
 * The type comes from the bytes, never from the file name or the declared MIME type, so a
 * script renamed to .png is refused and a PNG sent as text/plain is kept (API-CONTRACT 14.3, 18).
 */
async function inspectImage(buffer: Buffer): Promise<Image | null> {
  const type = await fileTypeFromBuffer(buffer);
  if (!type || !(MEDIA_MIME_TYPES as readonly string[]).includes(type.mime)) return null;
  try {
    // A copy with its own memory: image-size reads past the end of a pooled Buffer's view, so a
    // truncated upload would otherwise be measured with whatever bytes happen to follow it.
    const { width, height } = imageSize(new Uint8Array(buffer));
    if (!(width > 0 && height > 0)) return null;
    return { mime: type.mime, ext: type.ext, width, height };
  } catch {
    // Right magic number, unreadable image: not something a browser can show either.
    return null;
  }
}

/**
 * `yyyy/mm/<random>.<ext>`: 128 random bits, so the file URL cannot be guessed from the sequential
 * id (every key was made this way, so there are no older guessable names to migrate), and spread
 * over folders so none grows without bound.
 */
function storageKey(now: Date, ext: string): string {
  const month = String(now.getUTCMonth() + 1).padStart(2, '0');
  return `${now.getUTCFullYear()}/${month}/${randomBytes(16).toString('hex')}.${ext}`;
}

export type MediaService = ReturnType<typeof createMediaService>;

/**
 * Uploaded images (API-CONTRACT 14.3): bytes in `ctx.media`, one `media` row per file. Who may
 * read one is `mediaRule`: a media shown in a post is as readable as the post (and field) is.
 */
export function createMediaService(ctx: AppContext, holders: MediaHolders) {
  async function load(auth: Auth, id: number): Promise<MediaEntity> {
    const row = (await repo.findById(ctx.db, id)) ?? notFound(RESOURCE, id);
    return { row, access: { userId: row.user_id, shownInReadablePost: await holders.showsMedia(auth, id) } };
  }

  return {
    filePath: (key: string) => ctx.media.publicPath(key),

    /** Checked before the body is read, so a refused caller never uploads a megabyte first. */
    assertCanCreate(auth: Auth) {
      authorize(mediaRule, auth, 'create', null);
    },

    async create(auth: Auth, input: UploadInput): Promise<MediaEntity> {
      authorize(mediaRule, auth, 'create', null);
      const fields: FieldError[] = [];
      const caption = UpdateMediaBody.safeParse({ caption: input.caption });
      if (!caption.success) fields.push({ pointer: '/caption', message: caption.error.issues[0]?.message ?? MediaMessages.captionTooLong });
      const { file } = input;
      const tooLarge = file !== undefined && file.size > ctx.config.mediaMaxUpload;
      const image = file && !tooLarge ? await inspectImage(file.buffer) : null;
      if (!file) fields.push({ pointer: '/file', message: MediaMessages.fileRequired });
      else if (tooLarge) fields.push({ pointer: '/o_size', message: MediaMessages.tooLarge });
      else if (!image) fields.push({ pointer: '/mime', message: MediaMessages.wrongType });
      if (!file || !image || !caption.success) throw new ValidationError(RESOURCE, fields);

      const key = storageKey(ctx.now(), image.ext);
      await ctx.media.put(key, file.buffer);
      try {
        const row = await ctx.tx((trx) =>
          repo.insert(trx, {
            // The owner is whoever uploads; a supplied user_id never attributes a file to someone else.
            user_id: auth.userId,
            caption: caption.data.caption || null,
            mime: image.mime,
            storage_key: key,
            original_file_size: file.size,
            original_width: image.width,
            original_height: image.height,
          }),
        );
        // Fresh: no post shows it yet.
        return { row, access: { userId: row.user_id, shownInReadablePost: false } };
      } catch (error) {
        // Never a file without its row.
        await ctx.media.remove(key).catch((err: unknown) => ctx.logger.warn({ err, key }, 'could not remove an orphaned media file'));
        throw error;
      }
    },

    /** 401/403 for a media the caller may not read: its caption and file URL are not theirs to see. */
    async get(auth: Auth, id: number): Promise<MediaEntity> {
      const media = await load(auth, id);
      authorize(mediaRule, auth, 'read', media.access);
      return media;
    },

    async update(auth: Auth, id: number, body: unknown): Promise<MediaEntity> {
      if (!auth.hasToken) return unauthorized();
      const current = await load(auth, id);
      authorize(mediaRule, auth, 'update', current.access);
      const { caption } = parseBody(UpdateMediaBody, body, RESOURCE);
      if (caption === undefined) return current;
      const row = await ctx.tx(async (trx) => {
        if (!(await repo.findByIdForUpdate(trx, id))) notFound(RESOURCE, id);
        return repo.updateCaption(trx, id, caption || null, ctx.now());
      });
      return { row, access: current.access };
    },

    async remove(auth: Auth, id: number): Promise<MediaEntity> {
      if (!auth.hasToken) return unauthorized();
      const current = await load(auth, id);
      authorize(mediaRule, auth, 'delete', current.access);
      const deleted = (await ctx.tx((trx) => repo.remove(trx, id))) ?? notFound(RESOURCE, id);
      // Only once the row is gone for good: a rolled-back delete keeps its file.
      await ctx.media
        .remove(deleted.storage_key)
        .catch((err: unknown) => ctx.logger.warn({ err, key: deleted.storage_key }, 'could not remove a deleted media file'));
      return { row: deleted, access: current.access };
    },
  };
}
