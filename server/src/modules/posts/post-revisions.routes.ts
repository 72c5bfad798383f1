import { Router } from 'express';
import { listEnvelope } from '../../http/envelope';
import { idParam, methodNotAllowed } from '../../http/routing';
import { presentRevision } from './post-revisions.presenter';
import type { PostsModule } from './posts.module';

/** `GET /posts/{id}/revisions[/{revisionId}]`, served from the event log (API-CONTRACT 8.1). */
export function postRevisionsRoutes({ revisions }: PostsModule): Router {
  const router = Router();

  router
    .route('/posts/:id/revisions')
    .get(async (req, res) => {
      const { rows, total, paging, context, locationPrecision } = await revisions.list(req.auth, idParam(req), req.query);
      const results = rows.map((row) => presentRevision(req.base, req.auth, row, context, { locationPrecision }));
      res.json(listEnvelope(req, results, paging, total));
    })
    .all(methodNotAllowed);

  router
    .route('/posts/:id/revisions/:revisionId')
    .get(async (req, res) => {
      const { row, context, locationPrecision } = await revisions.get(req.auth, idParam(req), idParam(req, 'revisionId'));
      res.json(presentRevision(req.base, req.auth, row, context, { locationPrecision }));
    })
    .all(methodNotAllowed);

  return router;
}
