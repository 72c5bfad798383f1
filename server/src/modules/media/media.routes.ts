import { Router, type Request, type Response } from 'express';
import multer from 'multer';
import { requireScope } from '../../auth/auth.middleware';
import { mediaRule } from '../../auth/policy/media.policy';
import { allowedPrivileges } from '../../auth/policy/policy';
import { ApiError } from '../../http/errors';
import { idParam, methodNotAllowed } from '../../http/routing';
import { presentMedia } from './media.presenter';
import type { MediaEntity, MediaService, UploadInput } from './media.service';

/**
 * Reads the multipart body into memory (one image, at most `maxBytes`). Multer's own errors
 * (file too large, unexpected field) become 422 in the error middleware; anything else is a
 * body busboy could not parse, which is the caller's fault: 400, never 5xx.
 */
function uploadReader(maxBytes: number) {
  const single = multer({
    storage: multer.memoryStorage(),
    limits: { fileSize: maxBytes, files: 1, fields: 20, fieldSize: 64 * 1024, parts: 30 },
  }).single('file');
  return (req: Request, res: Response): Promise<UploadInput> =>
    new Promise((resolve, reject) => {
      single(req, res, (error: unknown) => {
        if (error instanceof multer.MulterError) return reject(error);
        if (error) return reject(new ApiError(400, 'The upload could not be read as multipart form data', { title: 'Bad Request' }));
        const body = (req.body ?? {}) as Record<string, unknown>;
        resolve({ file: req.file ? { buffer: req.file.buffer, size: req.file.size } : undefined, caption: body.caption });
      });
    });
}

export function mediaRoutes(media: MediaService, options: { maxUploadBytes: number }): Router {
  const router = Router();
  const readUpload = uploadReader(options.maxUploadBytes);
  const present = (req: Request, entity: MediaEntity) => presentMedia(req.base, req.auth, entity, media.filePath);
  router.use('/media', requireScope('media'));

  // No index: listing every upload is disabled, as in v3 (API-CONTRACT 14.3).
  router
    .route('/media')
    .post(async (req, res) => {
      media.assertCanCreate(req.auth);
      const row = await media.create(req.auth, await readUpload(req, res));
      res.json(present(req, row));
    })
    .options((req, res) => {
      res.json({ allowed_privileges: allowedPrivileges(mediaRule, req.auth, null) });
    })
    .all(methodNotAllowed);

  router
    .route('/media/:id')
    .get(async (req, res) => {
      res.json(present(req, await media.get(req.auth, idParam(req))));
    })
    .put(async (req, res) => {
      res.json(present(req, await media.update(req.auth, idParam(req), req.body)));
    })
    .delete(async (req, res) => {
      res.json(present(req, await media.remove(req.auth, idParam(req))));
    })
    .all(methodNotAllowed);

  return router;
}
