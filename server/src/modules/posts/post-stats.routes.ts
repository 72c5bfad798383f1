import { Router } from 'express';
import { methodNotAllowed } from '../../http/routing';
import type { PostsModule } from './posts.module';

/** `GET /posts/stats` (API-CONTRACT 10); registered before `/posts/{id}`. */
export function postStatsRoutes({ stats }: PostsModule): Router {
  const router = Router();
  router
    .route('/posts/stats')
    .get(async (req, res) => {
      res.json(await stats.stats(req.auth, req.query));
    })
    .all(methodNotAllowed);
  return router;
}
