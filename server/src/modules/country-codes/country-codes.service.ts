import type { Auth } from '../../auth/auth';
import { settingsResourceRule } from '../../auth/policy/account.policy';
import { authorize } from '../../auth/policy/policy';
import { notFound } from '../../http/errors';
import type { Paging } from '../../http/query';
import * as repo from './country-codes.repository';

export type CountryCodesService = ReturnType<typeof createCountryCodesService>;

/** Country dialling codes for targeted surveys (API-CONTRACT 14.9): admins and Manage Settings. */
export function createCountryCodesService() {
  return {
    get(auth: Auth, id: number) {
      const row = repo.findById(id) ?? notFound('country code', id);
      authorize(settingsResourceRule, auth, 'read', row);
      return row;
    },

    search(auth: Auth, filters: repo.CountryCodeFilters, paging: Paging) {
      authorize(settingsResourceRule, auth, 'search', null);
      return repo.search(filters, paging);
    },
  };
}
