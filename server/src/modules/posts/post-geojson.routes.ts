import { Router, type Request, type Response } from 'express';
import { ApiError } from '../../http/errors';
import { JsonAnswer } from '../../http/json-answer';
import { answerKey } from '../../http/read-cache';
import { idParam, methodNotAllowed } from '../../http/routing';
import { presentGeoJsonCollection, presentPostGeoJson } from './post-geojson.presenter';
import { tileBbox, type Bbox } from './post-geojson.service';
import type { PostsModule } from './posts.module';

/** Larger pages are not kept: memory stays bounded (a few hundred answers of this size at most). */
const KEPT_FEATURES = 200;

/** `/posts/geojson`, `/posts/geojson/{z}/{x}/{y}` and `/posts/{id}/geojson` (API-CONTRACT 9). */
export function postGeoJsonRoutes({ geojson, reads, answers }: PostsModule): Router {
  const router = Router();

  /**
   * A collection page, kept for a moment for the same kind of caller (ReadCache): existing clients
   * page every mapped post this way, and each page counts its matches exactly.
   */
  const collection = async (req: Request, res: Response, tile?: Bbox) => {
    reads.authorizeSearch(req.auth);
    const answer = await answers.read(
      answerKey('geojson', req),
      async () => {
        const result = await geojson.collection(req.auth, req.query, tile);
        return new JsonAnswer(presentGeoJsonCollection(req.base, req.auth, result.views, result.total, result));
      },
      (kept) => kept.body.features.length <= KEPT_FEATURES,
    );
    answer.send(res);
  };

  router
    .route('/posts/geojson')
    .get((req, res) => collection(req, res))
    .all(methodNotAllowed);

  router
    .route('/posts/geojson/:z/:x/:y')
    .get(async (req, res) => {
      const tile = tileBbox(idParam(req, 'z'), idParam(req, 'x'), idParam(req, 'y'));
      if (!tile) throw new ApiError(404, 'That tile does not exist');
      await collection(req, res, tile);
    })
    .all(methodNotAllowed);

  router
    .route('/posts/:id/geojson')
    .get(async (req, res) => {
      const { view, locationPrecision } = await geojson.single(req.auth, idParam(req));
      res.json(presentPostGeoJson(req.auth, view, { locationPrecision }));
    })
    .all(methodNotAllowed);

  return router;
}
