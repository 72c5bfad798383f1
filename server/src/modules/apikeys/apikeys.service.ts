import { randomUUID } from 'node:crypto';
import type { Auth } from '../../auth/auth';
import { settingsResourceRule } from '../../auth/policy/account.policy';
import { authorize } from '../../auth/policy/policy';
import type { AppContext } from '../../context';
import { notFound } from '../../http/errors';
import type { Paging } from '../../http/query';
import * as repo from './apikeys.repository';

const RESOURCE = 'apikey';

/** A random v4 UUID, the shape v3 gave its keys (122 random bits). */
const newKey = () => randomUUID();

export type ApiKeysService = ReturnType<typeof createApiKeysService>;

/**
 * Deployment API keys (API-CONTRACT 14.7): admins and Manage Settings. The server always makes the
 * key: a supplied `api_key` is ignored on create and update (PUT regenerates).
 */
export function createApiKeysService(ctx: AppContext) {
  async function load(id: number) {
    return (await repo.findById(ctx.db, id)) ?? notFound(RESOURCE, id);
  }

  return {
    /**
     * Whether `apiKey` is a current key: what a signed write-back from a webhook receiver must carry
     * (v3's verifier checks it with the signature). Read at each request, so a regenerated or
     * deleted key stops working at once.
     */
    isCurrent: (apiKey: string) => (apiKey === '' ? Promise.resolve(false) : repo.keyExists(ctx.db, apiKey)),

    async get(auth: Auth, id: number) {
      const row = await load(id);
      authorize(settingsResourceRule, auth, 'read', row);
      return row;
    },

    async search(auth: Auth, paging: Paging) {
      authorize(settingsResourceRule, auth, 'search', null);
      return repo.search(ctx.db, paging);
    },

    async create(auth: Auth) {
      authorize(settingsResourceRule, auth, 'create', null);
      return repo.insert(ctx.db, newKey());
    },

    async regenerate(auth: Auth, id: number) {
      const row = await load(id);
      authorize(settingsResourceRule, auth, 'update', row);
      return (await repo.replaceKey(ctx.db, id, newKey(), ctx.now())) ?? notFound(RESOURCE, id);
    },

    async remove(auth: Auth, id: number) {
      const row = await load(id);
      authorize(settingsResourceRule, auth, 'delete', row);
      await repo.remove(ctx.db, id);
      return row;
    },
  };
}
