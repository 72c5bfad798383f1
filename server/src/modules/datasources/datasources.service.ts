import type { Auth } from '../../auth/auth';
import { settingsResourceRule } from '../../auth/policy/account.policy';
import { authorize } from '../../auth/policy/policy';
import { notFound } from '../../http/errors';
import type { Paging } from '../../http/query';
import { PROVIDERS, providerById, type ProviderDefinition } from './datasources.providers';

export type DataProvidersService = ReturnType<typeof createDataProvidersService>;

/**
 * `GET /dataproviders` (API-CONTRACT 14.8): what each provider is and which options it takes.
 * The values of those options (credentials among them) live in `config/data-provider`, whose
 * readers are the same admins and Manage Settings holders.
 */
export function createDataProvidersService() {
  return {
    get(auth: Auth, id: string): ProviderDefinition {
      const provider = providerById(id) ?? notFound('data provider', id);
      authorize(settingsResourceRule, auth, 'read', provider);
      return provider;
    },

    search(auth: Auth, paging: Paging): { rows: ProviderDefinition[]; total: number } {
      authorize(settingsResourceRule, auth, 'search', null);
      const sorted = [...PROVIDERS].sort((a, b) => {
        const key = paging.orderby === 'name' ? 'name' : 'id';
        const order = a[key].localeCompare(b[key]);
        return paging.order === 'desc' ? -order : order;
      });
      const page = sorted.slice(paging.offset, paging.limit === null ? undefined : paging.offset + paging.limit);
      return { rows: page, total: PROVIDERS.length };
    },
  };
}
