import { TagListQuery } from '@platform/shared';
import { Router } from 'express';
import { requireScope } from '../../auth/auth.middleware';
import { allowedPrivileges } from '../../auth/policy/policy';
import { tagRule } from '../../auth/policy/tags.policy';
import { listEnvelope } from '../../http/envelope';
import { parseQuery } from '../../http/query';
import { idParam, methodNotAllowed } from '../../http/routing';
import { presentTag } from './tags.presenter';
import type { TagsService } from './tags.service';

const RESOURCE = 'tag';

/** Categories (API-CONTRACT 14.2). */
export function tagsRoutes(tags: TagsService): Router {
  const router = Router();
  router.use('/tags', requireScope('tags'));

  router
    .route('/tags')
    .get(async (req, res) => {
      const { paging, filters } = parseQuery(TagListQuery, req.query, RESOURCE);
      const { q, type: types, parent_id: parentIds, tag, level } = filters;
      const { rows, total } = await tags.search(req.auth, { q, types, parentIds, tags: tag, topLevelOnly: level === 'parent' }, paging);
      res.json(
        listEnvelope(
          req,
          rows.map((row) => presentTag(req.base, req.auth, row)),
          paging,
          total,
        ),
      );
    })
    .post(async (req, res) => {
      res.json(presentTag(req.base, req.auth, await tags.create(req.auth, req.body)));
    })
    .options((req, res) => {
      res.json({ allowed_privileges: allowedPrivileges(tagRule, req.auth, null) });
    })
    .all(methodNotAllowed);

  router
    .route('/tags/:id')
    .get(async (req, res) => {
      res.json(presentTag(req.base, req.auth, await tags.get(req.auth, idParam(req))));
    })
    .put(async (req, res) => {
      res.json(presentTag(req.base, req.auth, await tags.update(req.auth, idParam(req), req.body)));
    })
    .delete(async (req, res) => {
      res.json(presentTag(req.base, req.auth, await tags.remove(req.auth, idParam(req))));
    })
    .all(methodNotAllowed);

  return router;
}
