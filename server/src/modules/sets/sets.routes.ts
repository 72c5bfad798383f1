import { SetListQuery, TOTAL_COUNT_KIND_HEADER } from '@platform/shared';
import { Router, type Request } from 'express';
import { requireScope, requireToken } from '../../auth/auth.middleware';
import { allowedPrivileges } from '../../auth/policy/policy';
import { listEnvelope } from '../../http/envelope';
import { withMe } from '../../http/id-filters';
import { parseQuery } from '../../http/query';
import { idParam, methodNotAllowed } from '../../http/routing';
import type { PostsModule } from '../posts/posts.module';
import { presentPost, type PostView } from '../posts/posts.presenter';
import { presentSet } from './sets.presenter';
import { setRule } from './sets.policy';
import type { SetKind, SetsService } from './sets.service';

const PATHS: Record<SetKind, { path: string; scope: string }> = {
  collection: { path: '/collections', scope: 'sets' },
  savedsearch: { path: '/savedsearches', scope: 'savedsearches' },
};

/** The filters of a set list as the service takes them; `editableBy=me` is mine, or every one for set managers. */
function filtersOf(req: Request, query: SetListQuery['filters']) {
  return {
    q: query.q,
    featured: query.featured,
    userIds: withMe(query.user, req.auth),
    editableBy: query.editableBy === 'me' ? (req.auth.userId ?? 0) : undefined,
  };
}

/** `/collections`, `/savedsearches` and a collection's posts (API-CONTRACT 12). Reads are public. */
export function setsRoutes(sets: SetsService, posts: PostsModule): Router {
  const router = Router();

  const presentPosts = async (req: Request, views: PostView[]) => {
    const options = await posts.reads.viewOptions();
    return views.map((view) => presentPost(req.base, req.auth, view, options));
  };

  for (const kind of ['collection', 'savedsearch'] as const) {
    const { path, scope } = PATHS[kind];
    router.use(path, requireScope(scope));

    router
      .route(path)
      .get(async (req, res) => {
        const { paging, filters } = parseQuery(SetListQuery, req.query, kind);
        const { rows, total } = await sets.search(req.auth, kind, filtersOf(req, filters), paging);
        res.json(
          listEnvelope(
            req,
            rows.map((row) => presentSet(req.base, req.auth, row)),
            paging,
            total,
          ),
        );
      })
      .post(requireToken, async (req, res) => {
        res.json(presentSet(req.base, req.auth, await sets.create(req.auth, kind, req.body)));
      })
      .options((req, res) => {
        res.json({ allowed_privileges: allowedPrivileges(setRule, req.auth, null) });
      })
      .all(methodNotAllowed);

    router
      .route(`${path}/:id`)
      .get(async (req, res) => {
        res.json(presentSet(req.base, req.auth, await sets.get(req.auth, kind, idParam(req))));
      })
      .put(requireToken, async (req, res) => {
        res.json(presentSet(req.base, req.auth, await sets.update(req.auth, kind, idParam(req), req.body)));
      })
      .delete(requireToken, async (req, res) => {
        res.json(presentSet(req.base, req.auth, await sets.remove(req.auth, kind, idParam(req))));
      })
      .options(async (req, res) => {
        const row = await sets.get(req.auth, kind, idParam(req));
        res.json({ allowed_privileges: allowedPrivileges(setRule, req.auth, row) });
      })
      .all(methodNotAllowed);
  }

  router
    .route('/collections/:id/posts')
    .get(async (req, res) => {
      const { views, total, totalKind, paging } = await sets.posts(req.auth, idParam(req), req.query);
      res.setHeader(TOTAL_COUNT_KIND_HEADER, totalKind);
      res.json(listEnvelope(req, await presentPosts(req, views), paging, total));
    })
    .post(requireToken, async (req, res) => {
      const [post] = await presentPosts(req, [await sets.addPost(req.auth, idParam(req), req.body)]);
      res.json(post);
    })
    .all(methodNotAllowed);

  router
    .route('/collections/:id/posts/:postId')
    .get(async (req, res) => {
      const [post] = await presentPosts(req, [await sets.post(req.auth, idParam(req), idParam(req, 'postId'))]);
      res.json(post);
    })
    .delete(requireToken, async (req, res) => {
      const [post] = await presentPosts(req, [await sets.removePost(req.auth, idParam(req), idParam(req, 'postId'))]);
      res.json(post);
    })
    .all(methodNotAllowed);

  router.use('/posts/:id/collections', requireScope('posts'));
  router
    .route('/posts/:id/collections')
    .get(async (req, res) => {
      const rows = await sets.collectionsOf(req.auth, idParam(req));
      const paging = { limit: null, offset: 0, order: 'asc' as const, orderby: 'id' };
      res.json(
        listEnvelope(
          req,
          rows.map((row) => presentSet(req.base, req.auth, row)),
          paging,
          rows.length,
        ),
      );
    })
    .all(methodNotAllowed);

  return router;
}
