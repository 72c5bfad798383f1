import { CreateTosBody } from '@platform/shared';
import { isLoggedIn, type Auth } from '../../auth/auth';
import { tosRule } from '../../auth/policy/account.policy';
import { authorize } from '../../auth/policy/policy';
import type { AppContext } from '../../context';
import { deny, notFound, parseBody } from '../../http/errors';
import type { Paging } from '../../http/query';
import * as repo from './tos.repository';

const RESOURCE = 'tos';

export type TosService = ReturnType<typeof createTosService>;

/** Terms-of-service agreements (API-CONTRACT 14.10): the caller records and lists their own. */
export function createTosService(ctx: AppContext) {
  const owned = (row: repo.TosRow) => ({ ...row, userId: row.user_id });

  return {
    async get(auth: Auth, id: number) {
      const row = (await repo.findById(ctx.db, id)) ?? notFound(RESOURCE, id);
      authorize(tosRule, auth, 'read', owned(row));
      return row;
    },

    async search(auth: Auth, paging: Paging) {
      authorize(tosRule, auth, 'search', null);
      if (!isLoggedIn(auth)) return deny(auth);
      return repo.searchOfUser(ctx.db, auth.userId, paging);
    },

    /** `agreement_date` is the server's clock and `user` the caller, whatever the body says. */
    async create(auth: Auth, body: unknown) {
      authorize(tosRule, auth, 'create', null);
      if (!isLoggedIn(auth)) return deny(auth);
      const data = parseBody(CreateTosBody, body, RESOURCE);
      return repo.insert(ctx.db, { user_id: auth.userId, agreement_date: ctx.now(), tos_version_date: data.tos_version_date });
    },
  };
}
