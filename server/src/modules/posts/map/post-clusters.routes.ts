import { Router } from 'express';
import { methodNotAllowed } from '../../../http/routing';
import type { PostsModule } from '../posts.module';

/** `GET /posts/clusters` (contracts-extra); registered before `/posts/{id}` so `clusters` is not read as an id. */
export function postClustersRoutes({ clusters }: PostsModule): Router {
  const router = Router();
  router
    .route('/posts/clusters')
    .get(async (req, res) => {
      res.json(await clusters.clusters(req.auth, req.query));
    })
    .all(methodNotAllowed);
  return router;
}
