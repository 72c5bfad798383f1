import { Router } from 'express';
import { ApiError } from '../../http/errors';
import { idParam, methodNotAllowed } from '../../http/routing';
import { presentGeoJsonCollection, presentPostGeoJson } from './post-geojson.presenter';
import { tileBbox } from './post-geojson.service';
import type { PostsModule } from './posts.module';

/** `/posts/geojson`, `/posts/geojson/{z}/{x}/{y}` and `/posts/{id}/geojson` (API-CONTRACT 9). */
export function postGeoJsonRoutes({ geojson }: PostsModule): Router {
  const router = Router();

  router
    .route('/posts/geojson')
    .get(async (req, res) => {
      const result = await geojson.collection(req.auth, req.query);
      res.json(presentGeoJsonCollection(req.base, req.auth, result.views, result.total, result));
    })
    .all(methodNotAllowed);

  router
    .route('/posts/geojson/:z/:x/:y')
    .get(async (req, res) => {
      const tile = tileBbox(idParam(req, 'z'), idParam(req, 'x'), idParam(req, 'y'));
      if (!tile) throw new ApiError(404, 'That tile does not exist');
      const result = await geojson.collection(req.auth, req.query, tile);
      res.json(presentGeoJsonCollection(req.base, req.auth, result.views, result.total, result));
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
