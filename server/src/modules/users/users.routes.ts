import { UserListQuery } from '@platform/shared';
import { Router } from 'express';
import { requireScope } from '../../auth/auth.middleware';
import { userRule } from '../../auth/policy/users.policy';
import { allowedPrivileges } from '../../auth/policy/policy';
import { listEnvelope } from '../../http/envelope';
import { parseQuery } from '../../http/query';
import { idParam, methodNotAllowed } from '../../http/routing';
import type { createAccountService } from './account.service';
import { presentUser } from './users.presenter';
import type { UsersService } from './users.service';

export function usersRoutes(users: UsersService, account: ReturnType<typeof createAccountService>): Router {
  const router = Router();
  router.use('/users', requireScope('users'));

  router
    .route('/users/me')
    .get(async (req, res) => {
      const { user, contacts } = await users.me(req.auth);
      res.json(presentUser(req.base, req.auth, user, contacts));
    })
    .put(async (req, res) => {
      const me = await users.me(req.auth);
      const { user, contacts } = await users.update(req.auth, me.user.id, req.body);
      res.json(presentUser(req.base, req.auth, user, contacts));
    })
    .all(methodNotAllowed);

  router
    .route('/users')
    .get(async (req, res) => {
      const { paging, filters } = parseQuery(UserListQuery, req.query, 'user');
      const { q, role, email } = filters;
      const { rows, contacts, total } = await users.search(req.auth, { q, roles: role, email }, paging);
      res.json(
        listEnvelope(
          req,
          rows.map((row) => presentUser(req.base, req.auth, row, contacts)),
          paging,
          total,
        ),
      );
    })
    .post(async (req, res) => {
      const { user, contacts } = await users.create(req.auth, req.body);
      res.json(presentUser(req.base, req.auth, user, contacts));
    })
    .options((req, res) => {
      res.json({ allowed_privileges: allowedPrivileges(userRule, req.auth, null) });
    })
    .all(methodNotAllowed);

  router
    .route('/users/:id')
    .get(async (req, res) => {
      const { user, contacts } = await users.get(req.auth, idParam(req));
      res.json(presentUser(req.base, req.auth, user, contacts));
    })
    .put(async (req, res) => {
      const { user, contacts } = await users.update(req.auth, idParam(req), req.body);
      res.json(presentUser(req.base, req.auth, user, contacts));
    })
    .delete(async (req, res) => {
      const { user, contacts } = await users.remove(req.auth, idParam(req));
      res.json(presentUser(req.base, req.auth, user, contacts));
    })
    .all(methodNotAllowed);

  router
    .route('/register')
    .post(async (req, res) => {
      const user = await account.register(req.auth, req.body, req.ip ?? 'unknown');
      // The registrant sees their own new account in full.
      res.json(presentUser(req.base, req.auth, user, [], { full: true }));
    })
    .all(methodNotAllowed);

  router
    .route('/passwordreset')
    .post(async (req, res) => {
      await account.requestPasswordReset(req.body, req.ip ?? 'unknown', req.base);
      res.status(204).end();
    })
    .all(methodNotAllowed);

  router
    .route('/passwordreset/confirm')
    .post(async (req, res) => {
      await account.confirmPasswordReset(req.body);
      res.status(204).end();
    })
    .all(methodNotAllowed);

  return router;
}
