import type { Role, Tos, User } from '@platform/shared';
import { fromPromise } from 'xstate';
import { api as defaultApi, type ApiClient } from '../api';
import { clientCredentialsGrant, passwordGrant, revokeToken, tokenExpiry } from '../api/endpoints/oauth';
import { releaseMyPostLocks } from '../api/endpoints/posts';
import { findRoleByName } from '../api/endpoints/roles';
import { agreeToTerms, listMyAgreements } from '../api/endpoints/tos';
import { getMe } from '../api/endpoints/users';
import { TOS_VERSION_DATE } from './tos';

export type IssuedToken = { token: string; expires: number };

/** The login machine's calls, over a given API client (the tab's own by default). */
export function createSessionActors(api: ApiClient = defaultApi, now: () => number = Date.now) {
  return {
    passwordGrant: fromPromise<IssuedToken, { email: string; password: string }>(async ({ input }) => {
      const token = await passwordGrant(api, input.email, input.password);
      return { token: token.access_token, expires: tokenExpiry(token, now()) };
    }),
    clientCredentials: fromPromise<IssuedToken>(async () => {
      const token = await clientCredentialsGrant(api);
      return { token: token.access_token, expires: tokenExpiry(token, now()) };
    }),
    fetchUser: fromPromise<User, { token: string }>(({ input }) => getMe(api, input.token)),
    fetchRole: fromPromise<Role | null, { token: string; role: string | null }>(({ input }) =>
      input.role ? findRoleByName(api, input.role, input.token) : Promise.resolve(null),
    ),
    fetchAgreements: fromPromise<Tos[], { token: string }>(({ input }) => listMyAgreements(api, input.token)),
    agreeTos: fromPromise<Tos, { token: string }>(({ input }) => agreeToTerms(api, TOS_VERSION_DATE, input.token)),
    releaseLocks: fromPromise<void, { token: string }>(({ input }) => releaseMyPostLocks(api, input.token)),
    revokeToken: fromPromise<void, { token: string }>(({ input }) => revokeToken(api, input.token)),
  };
}
