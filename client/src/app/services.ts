import { createActor, waitFor } from 'xstate';
import { api as tabApi, type ApiClient } from '../api';
import { englishFailure } from '../api/errors';
import { createDialogs } from '../providers/dialogs';
import { createNotices } from '../providers/notices';
import { createSessionActors } from '../session/session.actors';
import { sessionMachine } from '../session/session.machine';
import { loadLanguage, loadSession, saveSession, usableToken } from '../session/session-storage';
import { i18n } from '../i18n/i18n';
import { createLiveInvalidation, createQueryClient, dropOtherSessions } from '../providers/query/query-client';
import { sessionKeyOf } from '../providers/query/query-keys';
import { createRealtimeClient, type RealtimeClient } from '../realtime/realtime-client';
import type { AppServices } from '../providers/services-context';

export type AppServicesOptions = {
  api?: ApiClient;
  storage?: Storage;
  realtime?: RealtimeClient;
  navigate: (to: string) => void;
  location: () => string;
  now?: () => number;
};

const browserStorage = (): Storage | undefined => {
  try {
    return globalThis.localStorage;
  } catch {
    return undefined;
  }
};

/**
 * Wires the tab's services once: the login machine drives the API client's token and its reaction
 * to refused requests, the stored session, the realtime socket's identity and cache clearing.
 */
export function createAppServices(options: AppServicesOptions): AppServices {
  const api = options.api ?? tabApi;
  const storage = options.storage ?? browserStorage();
  const now = options.now ?? Date.now;
  const session = createActor(sessionMachine.provide({ actors: createSessionActors(api, now) }), {
    input: { stored: loadSession(storage), now },
  });
  const currentToken = () => usableToken(session.getSnapshot().context.session, now());
  const realtime = options.realtime ?? createRealtimeClient();
  const queries = createQueryClient();

  api.configure({
    getToken: currentToken,
    onEventPosition: (id) => realtime.resumeFrom(id),
    getLanguage: () => loadLanguage(storage) ?? 'en-US',
    now,
    // No server message to show: the client says what happened in the interface's language (in
    // English when the strings are not loaded yet: the configuration is asked for before them).
    describeFailure: (failure) => {
      const key = `api_failure.${failure.kind}`;
      if (!i18n.isInitialized || !i18n.exists(key)) return englishFailure(failure);
      return failure.kind === 'status' ? i18n.t(key, { status: failure.status }) : i18n.t(key);
    },
  });
  api.setAuthHandler(async ({ status, path, token }) => {
    const before = currentToken();
    // Sent before another refused request had the session fetch a new token: tried again with that
    // one, not answered by a second fetch (two requests at the start with an expired stored token).
    if (before !== null && token !== null && token !== before) return 'retry';
    session.send({ type: 'REQUEST_REJECTED', status, path, location: options.location() });
    const fetching = (s: ReturnType<typeof session.getSnapshot>) => s.matches({ anonymous: { token: 'fetching' } });
    if (!fetching(session.getSnapshot())) return 'fail';
    await waitFor(session, (s) => !fetching(s));
    const after = currentToken();
    return after !== null && after !== before ? 'retry' : 'fail';
  });

  session.on('navigate', (event) => options.navigate(event.to));
  session.on('clearCaches', () => api.clearCache());
  let readFor = sessionKeyOf(session.getSnapshot().context.session);
  session.subscribe((snapshot) => {
    saveSession(storage, snapshot.context.session);
    realtime.setToken(currentToken());
    // What was read for someone else is never shown again; screens still open read theirs anew.
    const next = sessionKeyOf(snapshot.context.session);
    if (next !== readFor) dropOtherSessions(queries, (readFor = next));
  });
  // A token revoked elsewhere (logout in another tab, password reset, deleted account) or expired
  // ends this tab's session at once, not at its next request.
  realtime.onSessionEnded(({ token }) => {
    if (token === currentToken()) session.send({ type: 'SESSION_ENDED' });
  });
  session.start();
  realtime.setToken(currentToken());

  return {
    api,
    session,
    realtime,
    queries,
    notices: createNotices(),
    dialogs: createDialogs(storage),
    storage,
    start() {
      const live = createLiveInvalidation(queries);
      const unsubscribe = realtime.subscribe(live.onEvent);
      realtime.start();
      return () => {
        unsubscribe();
        live.stop();
        realtime.stop();
      };
    },
  };
}
