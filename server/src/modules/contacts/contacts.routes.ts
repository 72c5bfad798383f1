import { ContactListQuery } from '@platform/shared';
import { Router } from 'express';
import { requireScope, requireToken } from '../../auth/auth.middleware';
import { contactRule } from '../../auth/policy/account.policy';
import { allowedPrivileges } from '../../auth/policy/policy';
import { listEnvelope } from '../../http/envelope';
import { withMe } from '../../http/id-filters';
import { parseQuery } from '../../http/query';
import { idParam, methodNotAllowed } from '../../http/routing';
import { presentContact } from './contacts.presenter';
import type { ContactsService } from './contacts.service';

export function contactsRoutes(contacts: ContactsService): Router {
  const router = Router();
  router.use('/contacts', requireScope('contacts'), requireToken);

  router
    .route('/contacts')
    .get(async (req, res) => {
      const { paging, filters } = parseQuery(ContactListQuery, req.query, 'contact');
      const { rows, total } = await contacts.search(
        req.auth,
        { users: withMe(filters.user, req.auth), types: filters.type, contacts: filters.contact, dataSources: filters.data_source },
        paging,
      );
      res.json(
        listEnvelope(
          req,
          rows.map((row) => presentContact(req.base, req.auth, row)),
          paging,
          total,
        ),
      );
    })
    .post(async (req, res) => {
      res.json(presentContact(req.base, req.auth, await contacts.create(req.auth, req.body)));
    })
    .options((req, res) => {
      res.json({ allowed_privileges: allowedPrivileges(contactRule, req.auth, null) });
    })
    .all(methodNotAllowed);

  router
    .route('/contacts/:id')
    .get(async (req, res) => {
      res.json(presentContact(req.base, req.auth, await contacts.get(req.auth, idParam(req))));
    })
    .put(async (req, res) => {
      res.json(presentContact(req.base, req.auth, await contacts.update(req.auth, idParam(req), req.body)));
    })
    .delete(async (req, res) => {
      res.json(presentContact(req.base, req.auth, await contacts.remove(req.auth, idParam(req))));
    })
    .all(methodNotAllowed);

  return router;
}
