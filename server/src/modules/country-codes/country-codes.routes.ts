import { Router } from 'express';
import { requireScope, requireToken } from '../../auth/auth.middleware';
import { settingsResourceRule } from '../../auth/policy/account.policy';
import { allowedPrivileges } from '../../auth/policy/policy';
import { listEnvelope } from '../../http/envelope';
import { parsePaging, toList } from '../../http/query';
import { idParam, methodNotAllowed } from '../../http/routing';
import { presentCountryCode } from './country-codes.presenter';
import { SORTABLE } from './country-codes.repository';
import type { CountryCodesService } from './country-codes.service';

/** Read-only; the client calls `/country-codes/` with a trailing slash (handled globally). */
export function countryCodesRoutes(countryCodes: CountryCodesService): Router {
  const router = Router();
  router.use('/country-codes', requireScope('country_codes'), requireToken);

  router
    .route('/country-codes')
    .get((req, res) => {
      const paging = parsePaging(req.query, { resource: 'country_code', sortable: SORTABLE, orderby: 'id' });
      const filters = { countryCodes: toList(req.query.country_code), dialCodes: toList(req.query.dial_code) };
      const { rows, total } = countryCodes.search(req.auth, filters, paging);
      res.json(
        listEnvelope(
          req,
          rows.map((row) => presentCountryCode(req.base, req.auth, row)),
          paging,
          total,
        ),
      );
    })
    .options((req, res) => {
      res.json({ allowed_privileges: allowedPrivileges(settingsResourceRule, req.auth, null, ['read', 'search']) });
    })
    .all(methodNotAllowed);

  router
    .route('/country-codes/:id')
    .get((req, res) => {
      res.json(presentCountryCode(req.base, req.auth, countryCodes.get(req.auth, idParam(req))));
    })
    .all(methodNotAllowed);

  return router;
}
