import { Router } from 'express';
import { requireToken } from '../../auth/auth.middleware';
import { allowedPrivileges } from '../../auth/policy/policy';
import { idParam, methodNotAllowed } from '../../http/routing';
import type { Auth } from '../../auth/auth';
import { canManagePosts } from '../../auth/policy/posts.policy';
import type { Privilege } from '@platform/shared';
import { presentLockResponse } from './post-locks.presenter';
import type { LockRow } from './post-locks.repository';
import type { PostLocksService } from './post-locks.service';

/** The holder and managers may release (or break) a lock. */
const lockPrivileges = (auth: Auth, lock: LockRow): Privilege[] =>
  allowedPrivileges((a: Auth, privilege: Privilege) => privilege === 'read' || a.userId === lock.user_id || canManagePosts(a), auth, lock, [
    'read',
    'delete',
  ]);

/**
 * `PUT|DELETE /posts/{id}/lock` and `DELETE /posts/lock` (API-CONTRACT 11). A token is required;
 * the trailing slash the legacy client sends is removed by the transport. Mounted before
 * `/posts/{id}` so that `/posts/lock` is not read as a post id.
 */
export function postLocksRoutes(locks: PostLocksService): Router {
  const router = Router();

  router
    .route('/posts/lock')
    .delete(requireToken, async (req, res) => {
      const released = await locks.releaseMine(req.auth);
      res.json({
        count: released.length,
        results: released.map((lock) => presentLockResponse(req.base, lock, lockPrivileges(req.auth, lock))),
      });
    })
    .all(methodNotAllowed);

  router
    .route('/posts/:id/lock')
    .put(requireToken, async (req, res) => {
      const lock = await locks.acquire(req.auth, idParam(req));
      res.json(presentLockResponse(req.base, lock, lockPrivileges(req.auth, lock)));
    })
    .delete(requireToken, async (req, res) => {
      const lock = await locks.release(req.auth, idParam(req));
      res.json(presentLockResponse(req.base, lock, lockPrivileges(req.auth, lock)));
    })
    .all(methodNotAllowed);

  return router;
}
