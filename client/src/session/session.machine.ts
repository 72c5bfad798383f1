import { ADMIN_ROLE, type User } from '@platform/shared';
import { assign, emit, enqueueActions, setup } from 'xstate';
import { isExemptFromAuthHandling } from '../api/auth-rules';
import { ALL_PERMISSIONS } from './permissions';
import { createSessionActors } from './session.actors';
import type { Session } from './session-storage';
import { hasCurrentAgreement } from './tos';

export type LoginInput = { stored: Session | null; now?: () => number };

type Pending = { token: string; expires: number; user: User | null; permissions: string[] };

export type LoginContext = {
  session: Session | null;
  /** A login in progress: the new token and what has been learnt with it so far. */
  pending: Pending | null;
  credentials: { email: string; password: string } | null;
  /** Where to go back to once logged in. */
  returnTo: string | null;
  loginFailed: boolean;
  /** The server turned the credentials down (wrong ones, or too many tries): the fields are cleared. */
  loginRefused: boolean;
  /** A message worth showing with the failure: throttling, or why the server gave no answer. */
  loginMessage: string | null;
  tosFailed: boolean;
  now: () => number;
};

export type LoginEvent =
  | { type: 'LOGIN'; email: string; password: string }
  | { type: 'OPEN_LOGIN'; returnTo?: string | null }
  | { type: 'CANCEL_LOGIN' }
  | { type: 'LOGOUT' }
  | { type: 'AGREE_TOS' }
  | { type: 'DECLINE_TOS' }
  | { type: 'REQUEST_REJECTED'; status: number; path: string; location?: string | null }
  /** The server says the session's token stopped working (revoked or expired). */
  | { type: 'SESSION_ENDED' }
  | { type: 'PROFILE_UPDATED'; email: string | null; realname: string | null };

export type LoginEmitted =
  { type: 'navigate'; to: string } | { type: 'clearCaches' } | { type: 'loggedIn'; session: Session } | { type: 'loggedOut' };

/** The longest a browser timer can wait; tokens live 15 hours, so this only guards odd servers. */
const MAX_DELAY_MS = 2_147_483_647;

/** How long logout waits for the server to revoke the token before it ends the session here anyway. */
const REVOKE_TIMEOUT_MS = 5000;

/** No login failure shown: the dialog opened, closed or tried again. */
const NO_LOGIN_FAILURE = { loginFailed: false, loginRefused: false, loginMessage: null } as const;

const rejection = (event: LoginEvent) => (event.type === 'REQUEST_REJECTED' && !isExemptFromAuthHandling(event.path) ? event : null);
const statusOf = (error: unknown): number | undefined => (error as { status?: number } | null)?.status;
const REFUSALS = new Set([400, 401, 429]);
const refused = (error: unknown): boolean => REFUSALS.has(statusOf(error) ?? -1);
/** Throttling, an unreachable or failing server: said as it is, not as a wrong password. */
const errorMessage = (error: unknown): string | null => {
  const status = statusOf(error);
  const worded = status === 429 || status === 0 || (status !== undefined && status >= 500);
  return worded && error instanceof Error ? error.message : null;
};

function sessionFrom(pending: Pending, email: string | null): Session {
  const user = pending.user;
  return {
    userId: user?.id ?? null,
    realname: user?.realname ?? null,
    email: user?.email ?? email,
    accessToken: pending.token,
    accessTokenExpires: pending.expires,
    grantType: 'password',
    role: user?.role ?? null,
    permissions: pending.permissions,
    gravatar: user?.gravatar ?? null,
    language: user?.language ?? null,
  };
}

/**
 * The "login" machine (spec 1 section 4): password login with role and terms-of-service checks,
 * the anonymous client-credentials token, reactions to refused requests, expiry and logout.
 * Side effects outside the machine (navigation, cache clearing) are emitted, never performed here.
 */
export const sessionMachine = setup({
  types: {
    input: {} as LoginInput,
    context: {} as LoginContext,
    events: {} as LoginEvent,
    emitted: {} as LoginEmitted,
  },
  actors: createSessionActors(),
  guards: {
    hasLiveUserSession: ({ context }) => context.session?.grantType === 'password' && context.session.accessTokenExpires > context.now(),
    hasLiveClientToken: ({ context }) =>
      context.session?.grantType === 'client_credentials' && context.session.accessTokenExpires > context.now(),
    needsClientToken: ({ event }) => {
      const r = rejection(event);
      return r !== null && (r.status === 401 || r.status === 400);
    },
    isRefusal: ({ event }) => rejection(event)?.status === 403,
    isUnauthenticated: ({ event }) => {
      const r = rejection(event);
      return r !== null && (r.status === 401 || r.status === 400);
    },
    holdsManagePosts: ({ context }) =>
      context.session?.role === ADMIN_ROLE || (context.session?.permissions.includes('Manage Posts') ?? false),
  },
  delays: {
    sessionExpiry: ({ context }) => Math.min(MAX_DELAY_MS, Math.max(0, (context.session?.accessTokenExpires ?? 0) - context.now())),
  },
  actions: {
    dropSession: assign({ session: null }),
    clearSession: assign({ session: null, pending: null, credentials: null }),
    rememberReturnTo: assign({
      returnTo: ({ context, event }) => {
        if (event.type === 'OPEN_LOGIN') return event.returnTo ?? context.returnTo;
        if (event.type === 'REQUEST_REJECTED') return event.location ?? context.returnTo;
        return context.returnTo;
      },
    }),
    emitClearCaches: emit({ type: 'clearCaches' } as const),
    emitLoggedOut: emit({ type: 'loggedOut' } as const),
    emitForbidden: emit({ type: 'navigate', to: '/forbidden' } as const),
    completeLogin: assign(({ context }) => ({
      session: context.pending ? sessionFrom(context.pending, context.credentials?.email ?? null) : context.session,
      pending: null,
      credentials: null,
      ...NO_LOGIN_FAILURE,
      tosFailed: false,
    })),
    announceLogin: emit(({ context }) => ({ type: 'loggedIn', session: context.session as Session }) as const),
    redirectBack: enqueueActions(({ context, enqueue }) => {
      if (context.returnTo) enqueue.emit({ type: 'navigate', to: context.returnTo });
    }),
    forgetReturnTo: assign({ returnTo: null }),
  },
}).createMachine({
  id: 'login',
  context: ({ input }) => ({
    session: input.stored,
    pending: null,
    credentials: null,
    returnTo: null,
    ...NO_LOGIN_FAILURE,
    tosFailed: false,
    now: input.now ?? Date.now,
  }),
  initial: 'starting',
  states: {
    starting: {
      always: [
        { guard: 'hasLiveUserSession', target: 'loggedIn' },
        { guard: 'hasLiveClientToken', target: 'anonymous' },
        // An expired password-grant token (or any unusable one) is cleared at startup.
        { target: 'anonymous', actions: 'dropSession' },
      ],
    },

    anonymous: {
      type: 'parallel',
      on: {
        LOGIN: {
          target: 'authenticating',
          actions: assign({
            credentials: ({ event }) => ({ email: event.email, password: event.password }),
            ...NO_LOGIN_FAILURE,
          }),
        },
        // Refused while anonymous: the visitor may see more after logging in.
        REQUEST_REJECTED: { guard: 'isRefusal', target: '.prompt.open', actions: 'rememberReturnTo' },
        // The anonymous client token ran out: the next refused request fetches another.
        SESSION_ENDED: { actions: 'dropSession' },
      },
      states: {
        prompt: {
          initial: 'closed',
          states: {
            closed: {
              on: {
                OPEN_LOGIN: {
                  target: 'open',
                  actions: ['rememberReturnTo', assign(NO_LOGIN_FAILURE)],
                },
              },
            },
            open: {
              on: {
                CANCEL_LOGIN: {
                  target: 'closed',
                  actions: [assign(NO_LOGIN_FAILURE), 'forgetReturnTo'],
                },
              },
            },
          },
        },
        token: {
          initial: 'idle',
          states: {
            idle: { on: { REQUEST_REJECTED: { guard: 'needsClientToken', target: 'fetching' } } },
            fetching: {
              invoke: {
                src: 'clientCredentials',
                onDone: {
                  target: 'idle',
                  actions: assign({
                    session: ({ event }) => ({
                      userId: null,
                      realname: null,
                      email: null,
                      accessToken: event.output.token,
                      accessTokenExpires: event.output.expires,
                      grantType: 'client_credentials' as const,
                      role: null,
                      permissions: [],
                      gravatar: null,
                      language: null,
                    }),
                  }),
                },
                onError: { target: 'idle' },
              },
            },
          },
        },
      },
    },

    authenticating: {
      invoke: {
        src: 'passwordGrant',
        input: ({ context }) => context.credentials ?? { email: '', password: '' },
        onDone: {
          target: 'loadingUser',
          actions: assign({
            pending: ({ event }) => ({ token: event.output.token, expires: event.output.expires, user: null, permissions: [] }),
          }),
        },
        onError: {
          target: 'anonymous.prompt.open',
          actions: assign({
            loginFailed: true,
            loginRefused: ({ event }) => refused(event.error),
            loginMessage: ({ event }) => errorMessage(event.error),
            credentials: null,
          }),
        },
      },
    },

    loadingUser: {
      invoke: {
        src: 'fetchUser',
        input: ({ context }) => ({ token: context.pending?.token ?? '' }),
        onDone: {
          target: 'loadingRole',
          actions: assign({ pending: ({ context, event }) => (context.pending ? { ...context.pending, user: event.output } : null) }),
        },
        onError: { target: 'anonymous.prompt.open', actions: assign({ loginFailed: true, pending: null, credentials: null }) },
      },
    },

    loadingRole: {
      invoke: {
        src: 'fetchRole',
        input: ({ context }) => ({ token: context.pending?.token ?? '', role: context.pending?.user?.role ?? null }),
        onDone: {
          target: 'checkingTos',
          actions: assign({
            pending: ({ context, event }) => {
              if (!context.pending) return null;
              const admin = context.pending.user?.role === ADMIN_ROLE;
              return { ...context.pending, permissions: admin ? [...ALL_PERMISSIONS] : (event.output?.permissions ?? []) };
            },
          }),
        },
        // Without its role a user still logs in, with only what admin status alone grants.
        onError: {
          target: 'checkingTos',
          actions: assign({
            pending: ({ context }) =>
              context.pending
                ? { ...context.pending, permissions: context.pending.user?.role === ADMIN_ROLE ? [...ALL_PERMISSIONS] : [] }
                : null,
          }),
        },
      },
    },

    checkingTos: {
      invoke: {
        src: 'fetchAgreements',
        input: ({ context }) => ({ token: context.pending?.token ?? '' }),
        onDone: [
          {
            guard: ({ event }) => hasCurrentAgreement(event.output),
            target: 'loggedIn',
            actions: ['completeLogin', 'emitClearCaches', 'announceLogin', 'redirectBack', 'forgetReturnTo'],
          },
          { target: 'awaitingTos' },
        ],
        onError: { target: 'awaitingTos' },
      },
    },

    awaitingTos: {
      on: {
        AGREE_TOS: { target: 'savingTos', actions: assign({ tosFailed: false }) },
        // Terms not agreed: the session is not entered (spec 1 section 4).
        DECLINE_TOS: { target: 'anonymous', actions: [assign({ pending: null, credentials: null, tosFailed: false }), 'forgetReturnTo'] },
      },
    },

    savingTos: {
      invoke: {
        src: 'agreeTos',
        input: ({ context }) => ({ token: context.pending?.token ?? '' }),
        onDone: {
          target: 'loggedIn',
          actions: ['completeLogin', 'emitClearCaches', 'announceLogin', 'redirectBack', 'forgetReturnTo'],
        },
        onError: { target: 'awaitingTos', actions: assign({ tosFailed: true }) },
      },
    },

    loggedIn: {
      after: {
        sessionExpiry: {
          target: 'anonymous.prompt.open',
          actions: ['clearSession', 'emitClearCaches', 'emitLoggedOut'],
        },
      },
      on: {
        LOGOUT: [{ guard: 'holdsManagePosts', target: 'releasingLocks' }, { target: 'revoking' }],
        REQUEST_REJECTED: [
          {
            guard: 'isUnauthenticated',
            target: 'anonymous.prompt.open',
            actions: ['clearSession', 'emitClearCaches', 'emitLoggedOut', 'rememberReturnTo'],
          },
          { guard: 'isRefusal', actions: 'emitForbidden' },
        ],
        // Revoked or expired at the server: the same as a refused request, without waiting for one.
        SESSION_ENDED: { target: 'anonymous.prompt.open', actions: ['clearSession', 'emitClearCaches', 'emitLoggedOut'] },
        PROFILE_UPDATED: {
          actions: assign({
            session: ({ context, event }) =>
              context.session ? { ...context.session, email: event.email, realname: event.realname } : null,
          }),
        },
      },
    },

    // Post locks are released before the token goes away (API-CONTRACT 11); failures are ignored.
    releasingLocks: {
      invoke: {
        src: 'releaseLocks',
        input: ({ context }) => ({ token: context.session?.accessToken ?? '' }),
        onDone: { target: 'revoking' },
        onError: { target: 'revoking' },
      },
    },

    // The server revokes the token (and its refresh token) so it stops working everywhere, not
    // only in this tab; the session ends here whether or not the server could be reached.
    revoking: {
      invoke: {
        src: 'revokeToken',
        input: ({ context }) => ({ token: context.session?.accessToken ?? '' }),
        onDone: { target: 'anonymous', actions: ['clearSession', 'emitClearCaches', 'emitLoggedOut'] },
        onError: { target: 'anonymous', actions: ['clearSession', 'emitClearCaches', 'emitLoggedOut'] },
      },
      after: { [REVOKE_TIMEOUT_MS]: { target: 'anonymous', actions: ['clearSession', 'emitClearCaches', 'emitLoggedOut'] } },
    },
  },
});

export type LoginMachine = typeof sessionMachine;
