import { CountryCodeListQuery } from '@platform/shared';
import { Router } from 'express';
import { requireScope, requireToken } from '../../auth/auth.middleware';
import { settingsResourceRule } from '../../auth/policy/account.policy';
import { allowedPrivileges } from '../../auth/policy/policy';
import { listEnvelope } from '../../http/envelope';
import { parseQuery } from '../../http/query';
import { idParam, methodNotAllowed } from '../../http/routing';
import { presentCountryCode } from './country-codes.presenter';
import type { CountryCodesService } from './country-codes.service';

/** Read-only; the client calls `/country-codes/` with a trailing slash (handled globally). */
export function countryCodesRoutes(countryCodes: CountryCodesService): Router {
  const router = Router();
  router.use('/country-codes', requireScope('country_codes'), requireToken);

  router
    .route('/country-codes')
    .get((req, res) => {
      const { paging, filters } = parseQuery(CountryCodeListQuery, req.query, 'country_code');
      const { rows, total } = countryCodes.search(req.auth, { countryCodes: filters.country_code, dialCodes: filters.dial_code }, paging);
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
