import { Router } from 'express';
import { listEnvelope } from '../../http/envelope';
import { idParam, methodNotAllowed } from '../../http/routing';
import { presentContact } from '../contacts/contacts.presenter';
import type { TargetedService } from './targeted.service';

const PAGING = { limit: null, offset: 0, order: 'asc' as const, orderby: 'id' };

/** `GET|POST /forms/{id}/contacts` (API-CONTRACT 7.6): a targeted survey's recipients; PUT and DELETE are 405. */
export function targetedRoutes(targeted: TargetedService): Router {
  const router = Router();
  router
    .route('/forms/:formId/contacts')
    .get(async (req, res) => {
      const rows = await targeted.contacts(req.auth, idParam(req, 'formId'));
      res.json(
        listEnvelope(
          req,
          rows.map((row) => presentContact(req.base, req.auth, row)),
          PAGING,
          rows.length,
        ),
      );
    })
    .post(async (req, res) => {
      res.json(await targeted.addContacts(req.auth, idParam(req, 'formId'), req.body));
    })
    .all(methodNotAllowed);
  return router;
}
