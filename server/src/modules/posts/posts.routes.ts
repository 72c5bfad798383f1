import { TOTAL_COUNT_KIND_HEADER } from '@platform/shared';
import { Router, type Request, type Response } from 'express';
import { requireScope, requireToken } from '../../auth/auth.middleware';
import { listEnvelope } from '../../http/envelope';
import { JsonAnswer } from '../../http/json-answer';
import { answerKey } from '../../http/read-cache';
import { idParam, methodNotAllowed } from '../../http/routing';
import { postGeoJsonRoutes } from './post-geojson.routes';
import { postLocksRoutes } from './post-locks.routes';
import { postRevisionsRoutes } from './post-revisions.routes';
import { postClustersRoutes } from './map/post-clusters.routes';
import { postStatsRoutes } from './post-stats.routes';
import type { PostsModule } from './posts.module';
import { presentPost, type PostView } from './posts.presenter';

/** `/posts` and `/posts/{id}` (API-CONTRACT 8). Writes need a token; a client token is enough. */
export function postsRoutes(module: PostsModule): Router {
  const { reads, writes, answers } = module;
  const router = Router();
  router.use('/posts', requireScope('posts'));
  // `DELETE /posts/lock` (release all of mine) must win over `/posts/{id}`.
  router.use(postLocksRoutes(module.locks));
  // `/posts/geojson`, `/posts/stats` and `/posts/clusters` must win over `/posts/{id}`.
  router.use(postGeoJsonRoutes(module), postStatsRoutes(module), postClustersRoutes(module), postRevisionsRoutes(module));

  /** A saved post the caller may not read back is 204 with no body (API-CONTRACT 0, 8.5). */
  const answer = async (req: Request, res: Response, view: PostView | null) => {
    if (view === null) return void res.status(204).end();
    res.json(presentPost(req.base, req.auth, view, await reads.viewOptions()));
  };

  router
    .route('/posts')
    .get(async (req, res) => {
      reads.authorizeSearch(req.auth);
      // The same page asked again by the same kind of caller (a busy public map) is answered from
      // memory until anything changes, for at most a moment (ReadCache).
      const page = await answers.read(answerKey('posts', req), async () => {
        const { views, total, totalKind, paging, search } = await reads.search(req.auth, req.query);
        const options = await reads.viewOptions(search);
        const results = views.map((view) => presentPost(req.base, req.auth, view, options));
        return { envelope: new JsonAnswer(listEnvelope(req, results, paging, total)), totalKind };
      });
      // `total_count` stays a number (API-CONTRACT 14.1); how it was counted is said here.
      res.setHeader(TOTAL_COUNT_KIND_HEADER, page.totalKind);
      page.envelope.send(res);
    })
    .post(requireToken, async (req, res) => {
      await answer(req, res, await writes.create(req.auth, req.body));
    })
    .options(async (req, res) => {
      res.json({ allowed_privileges: await reads.privileges(req.auth) });
    })
    .all(methodNotAllowed);

  router
    .route('/posts/:id')
    .get(async (req, res) => {
      await answer(req, res, await reads.get(req.auth, idParam(req)));
    })
    .put(requireToken, async (req, res) => {
      await answer(req, res, await writes.update(req.auth, idParam(req), req.body));
    })
    .delete(requireToken, async (req, res) => {
      const view = await reads.remove(req.auth, idParam(req));
      res.json(presentPost(req.base, req.auth, view, await reads.viewOptions()));
    })
    .options(async (req, res) => {
      res.json({ allowed_privileges: await reads.privileges(req.auth, idParam(req)) });
    })
    .all(methodNotAllowed);

  return router;
}
