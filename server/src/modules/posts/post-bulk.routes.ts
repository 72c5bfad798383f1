import { PostBulkBody, type PostBulkResult } from '@platform/shared';
import { Router } from 'express';
import type { Auth } from '../../auth/auth';
import { isLoggedIn } from '../../auth/auth';
import { requireScope, requireToken } from '../../auth/auth.middleware';
import { deny, parseBody } from '../../http/errors';
import { methodNotAllowed } from '../../http/routing';
import type { PostBulkService } from './post-bulk.service';
import { RESOURCE } from './posts.service';

/** The collections module's bulk add, handed in so that posts do not import it. */
export type AddPostsToCollection = (auth: Auth, collectionId: number, postIds: number[]) => Promise<PostBulkResult>;

/**
 * `POST /posts/bulk` `{action, ids, status | collection_id}`: one request per bulk action of the
 * data view (spec 2 screen 17), answered with what changed and what was skipped and why. Mounted
 * before `/posts/{id}` so that `bulk` is not read as a post id.
 */
export function postBulkRoutes(bulk: PostBulkService, addToCollection: AddPostsToCollection): Router {
  const router = Router();
  router
    .route('/posts/bulk')
    .post(requireScope('posts'), requireToken, async (req, res) => {
      // An anonymous client token never acts on posts in bulk: 403 before the body is read.
      if (!isLoggedIn(req.auth)) deny(req.auth);
      const body = parseBody(PostBulkBody, req.body, RESOURCE);
      const result =
        body.action === 'status'
          ? await bulk.setStatus(req.auth, body.ids, body.status)
          : body.action === 'delete'
            ? await bulk.remove(req.auth, body.ids)
            : await addToCollection(req.auth, body.collection_id, body.ids);
      res.json(result);
    })
    .all(methodNotAllowed);
  return router;
}
