import {
  PushedEventSchema,
  SessionEndedSchema,
  SOCKET_CAUGHT_UP,
  SOCKET_EVENT,
  SOCKET_SESSION_ENDED,
  type PushedEvent,
  type SessionEnded,
  type SocketHandshake,
} from '@platform/shared';
import type { ManagerOptions, SocketOptions } from 'socket.io-client';
import { lazySocket } from './lazy-socket';

/** The part of a socket.io client socket this module uses (a fake one in unit tests). */
export type SocketLike = {
  auth: unknown;
  readonly connected: boolean;
  readonly active: boolean;
  on(event: string, listener: (...args: never[]) => void): unknown;
  connect(): unknown;
  disconnect(): unknown;
  io: { on(event: 'reconnect_attempt', listener: () => void): unknown };
};
export type SocketFactory = (options: Partial<ManagerOptions & SocketOptions>) => SocketLike;

export type RealtimeStatus = 'idle' | 'connecting' | 'catching-up' | 'live' | 'offline';
export type EventListener = (event: PushedEvent) => void;
/** The token stopped working: the server said so on the socket, or refused it at a reconnection. */
export type SessionEndedListener = (ended: { token: string; reason: SessionEnded['reason'] | 'refused' }) => void;

/** One socket to the same origin, default path (DESIGN 4); socket.io itself loads at the first connection. */
const connectToOrigin: SocketFactory = (options) => lazySocket(options);

/**
 * The tab's realtime connection. It remembers the id of the last event it was given and sends it
 * with its token on every (re)connection, so the server replays what was missed, then says
 * `caught_up` (DESIGN 4). A new token (login, logout) reconnects with the same last event id.
 */
export function createRealtimeClient(options: { connect?: SocketFactory; token?: string | null } = {}) {
  let token = options.token ?? null;
  let lastEventId: number | undefined;
  /** Whether a connection has ever caught up: from then on the pushes say where to resume. */
  let everLive = false;
  let status: RealtimeStatus = 'idle';
  /** The token of the live connection; undefined between connections. */
  let connectedWith: string | null | undefined;
  const listeners = new Set<EventListener>();
  const sessionListeners = new Set<SessionEndedListener>();
  const statusListeners = new Set<(status: RealtimeStatus) => void>();

  const handshake = (): SocketHandshake => ({
    ...(token ? { token } : {}),
    ...(lastEventId !== undefined ? { lastEventId } : {}),
  });
  const socket = (options.connect ?? connectToOrigin)({ autoConnect: false, auth: handshake() });
  // The handshake is read on each attempt: keep it current before any reconnection happens.
  const refreshAuth = () => {
    socket.auth = handshake();
  };
  const setStatus = (next: RealtimeStatus) => {
    status = next;
    for (const listener of statusListeners) listener(next);
  };
  /** Goes on without the dead token (never reconnecting with it) and tells the session. */
  const endSession = (ended: string, reason: SessionEnded['reason'] | 'refused') => {
    token = null;
    refreshAuth();
    for (const listener of sessionListeners) listener({ token: ended, reason });
  };

  socket.io.on('reconnect_attempt', () => {
    refreshAuth();
    setStatus('connecting');
  });
  socket.on('connect', () => {
    connectedWith = token;
    setStatus('catching-up');
  });
  socket.on('disconnect', () => {
    connectedWith = undefined;
    setStatus('offline');
  });
  socket.on(SOCKET_EVENT, (raw: unknown) => {
    const parsed = PushedEventSchema.safeParse(raw);
    if (!parsed.success) {
      console.warn('Ignored a pushed event that does not match the shared schema', parsed.error.issues);
      return;
    }
    // Pushes arrive in commit order, so the last one received is where a replay must resume.
    lastEventId = parsed.data.id;
    refreshAuth();
    for (const listener of listeners) listener(parsed.data);
  });
  socket.on(SOCKET_CAUGHT_UP, (info: unknown) => {
    const id = (info as { lastEventId?: unknown } | null)?.lastEventId;
    // The server may have moved past events this socket was not allowed to see.
    if (typeof id === 'number' && Number.isInteger(id) && id > 0) lastEventId = id;
    everLive = true;
    refreshAuth();
    setStatus('live');
  });
  // The server keeps the socket as an anonymous listener. A notice sent on the connection before a
  // token change can still arrive once the next one is up (socket.io buffers it until then, and
  // hands it over before `connect`): only the live connection's own notice counts.
  socket.on(SOCKET_SESSION_ENDED, (raw: unknown) => {
    const parsed = SessionEndedSchema.safeParse(raw);
    if (!parsed.success || !connectedWith || connectedWith !== token) return;
    endSession(connectedWith, parsed.data.reason);
  });
  socket.on('connect_error', (error: Error) => {
    setStatus('offline');
    // A token the server no longer knows: carry on as an anonymous listener.
    if (error.message === 'unauthorized' && token) {
      endSession(token, 'refused');
      socket.connect();
    }
  });

  return {
    start() {
      refreshAuth();
      setStatus('connecting');
      socket.connect();
    },
    stop() {
      socket.disconnect();
      setStatus('idle');
    },
    /** Login and logout: reconnect under the new identity, resuming after the last event seen. */
    setToken(next: string | null) {
      if (next === token) return;
      token = next;
      connectedWith = undefined;
      refreshAuth();
      if (status === 'idle') return;
      socket.disconnect();
      setStatus('connecting');
      socket.connect();
    },
    subscribe(listener: EventListener): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    onSessionEnded(listener: SessionEndedListener): () => void {
      sessionListeners.add(listener);
      return () => sessionListeners.delete(listener);
    },
    onStatus(listener: (status: RealtimeStatus) => void): () => void {
      statusListeners.add(listener);
      return () => statusListeners.delete(listener);
    },
    /**
     * The event position an API answer was read at (EVENT_POSITION_HEADER). Until the first
     * connection has caught up, the socket resumes from the lowest one seen, so what changed after
     * a screen read its data and before the socket connected is replayed, not missed.
     */
    resumeFrom(id: number) {
      if (everLive || (lastEventId !== undefined && lastEventId <= id)) return;
      lastEventId = id;
      refreshAuth();
    },
    get status() {
      return status;
    },
    get lastEventId() {
      return lastEventId;
    },
  };
}

export type RealtimeClient = ReturnType<typeof createRealtimeClient>;
