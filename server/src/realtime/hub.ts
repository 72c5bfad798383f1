import type http from 'node:http';
import {
  SOCKET_CAUGHT_UP,
  SOCKET_EVENT,
  SOCKET_SESSION_ENDED,
  SocketHandshakeSchema,
  type PushedEvent,
  type SessionEnded,
} from '@platform/shared';
import type { Logger } from 'pino';
import { Server, type Socket } from 'socket.io';
import { anonymousAuth, type Auth } from '../auth/auth';
import type { TokenHolder } from '../auth/auth.middleware';
import type { Db } from '../db/database';
import type { EventReader } from '../events/event-reader';
import { isAfter, positionOf, readSettledAfter, type Position, type StoredEvent } from '../events/events.repository';
import { whoseAccessChanges } from './access-changes';
import type { AudienceRegistry } from './audience';

type Check = (auth: Auth) => boolean;
type SocketState = {
  /** What the socket's token allows now: checked again whenever an event may have changed it. */
  auth: Auth;
  /** Ends the session when the token expires. */
  expiry: NodeJS.Timeout | null;
  /** The last event this socket has been given (or deliberately skipped). */
  position: Position;
  catchingUp: boolean;
  buffer: Array<{ event: StoredEvent; check: Check }>;
};

const CATCH_UP_BATCH = 500;
/** setTimeout's longest wait; a longer one is taken in steps. */
const MAX_TIMER_MS = 2_147_483_647;
/** Access changes seen while a handshake's token was being resolved make it resolve again, this many times at most. */
const RESOLVE_ATTEMPTS = 5;

/** Only the fields of the pushed shape leave the server: never the log's `data` or position. */
const toWire = (event: StoredEvent): PushedEvent => ({
  id: event.id,
  type: event.type,
  aggregate_type: event.aggregate_type,
  aggregate_id: event.aggregate_id,
  actor_id: event.actor_id,
  payload: event.payload,
  created_at: event.created_at,
});

/**
 * socket.io on the API's own port. Each socket authenticates with its bearer token; each event the
 * reader hands over is checked per socket and pushed in commit order. A socket that reconnects with
 * its last event id first receives what it missed from the log, then live events, each once.
 */
export function createRealtimeHub(deps: {
  server: http.Server;
  db: Db;
  reader: EventReader;
  audiences: AudienceRegistry;
  holders: {
    /** A handshake's token (or none) as it is now; null when it does not work. */
    resolve: (token: string | undefined) => Promise<TokenHolder | null>;
    /** The tokens among these ids that still work, as they are now. */
    refresh: (tokenIds: readonly number[]) => Promise<Map<number, TokenHolder>>;
  };
  logger: Logger;
}) {
  const io = new Server(deps.server, { serveClient: false, cors: { origin: true, credentials: true } });
  const states = new Map<string, SocketState>();
  /** Counts the events that may have changed someone's access, so a handshake resolved across one is resolved again. */
  let accessChanges = 0;

  function clearExpiry(state: SocketState): void {
    if (state.expiry) clearTimeout(state.expiry);
    state.expiry = null;
  }

  /**
   * The token stopped working: the socket stays, as an anonymous listener, and is told why so the
   * client ends its session instead of reconnecting with a dead token (or never hearing of it).
   */
  function endSession(socketId: string, state: SocketState, reason: SessionEnded['reason']): void {
    clearExpiry(state);
    state.auth = anonymousAuth(state.auth.privateDeployment);
    io.of('/')
      .sockets.get(socketId)
      ?.emit(SOCKET_SESSION_ENDED, { reason } satisfies SessionEnded);
  }

  function hold(socketId: string, state: SocketState, holder: TokenHolder): void {
    clearExpiry(state);
    state.auth = holder.auth;
    const expiresAt = holder.expiresAt?.getTime();
    if (expiresAt === undefined) return;
    const tokenId = holder.auth.tokenId;
    const wait = () => {
      const left = expiresAt - Date.now();
      if (left > 0) {
        state.expiry = setTimeout(wait, Math.min(left, MAX_TIMER_MS));
        state.expiry.unref();
      } else if (states.get(socketId) === state && state.auth.tokenId === tokenId) {
        endSession(socketId, state, 'expired');
      }
    };
    wait();
  }

  /** Looks again at the tokens of the sockets an event may have changed the rights of (one query). */
  async function recheck(affected: (auth: Auth) => boolean): Promise<void> {
    accessChanges++;
    const stale = [...states].filter(([, state]) => affected(state.auth));
    if (stale.length === 0) return;
    const tokenIds = [...new Set(stale.map(([, state]) => state.auth.tokenId).filter((id) => id !== null))];
    const [fresh, anonymous] = await Promise.all([deps.holders.refresh(tokenIds), deps.holders.resolve(undefined)]);
    for (const [socketId, state] of stale) {
      if (states.get(socketId) !== state) continue;
      const tokenId = state.auth.tokenId;
      if (tokenId === null) {
        if (anonymous) state.auth = anonymous.auth;
        continue;
      }
      const holder = fresh.get(tokenId);
      if (holder) hold(socketId, state, holder);
      else endSession(socketId, state, 'revoked');
    }
  }

  /** Resolves a handshake's token as it is now, even when an access change is read meanwhile. */
  async function resolveHandshake(token: string | undefined): Promise<TokenHolder | null> {
    let holder: TokenHolder | null = null;
    for (let attempt = 0; attempt < RESOLVE_ATTEMPTS; attempt++) {
      const seen = accessChanges;
      holder = await deps.holders.resolve(token);
      if (seen === accessChanges) break;
    }
    return holder;
  }

  /**
   * Whether a live event goes to this socket now: a socket still catching up buffers it, one that
   * already has it (from the catch-up) skips it, and its position moves past it either way.
   */
  function accept(state: SocketState, event: StoredEvent, check: Check): boolean {
    if (state.catchingUp) {
      state.buffer.push({ event, check });
      return false;
    }
    if (!isAfter(event.position, state.position)) return false;
    state.position = event.position;
    return check(state.auth);
  }

  function deliver(socket: Socket, state: SocketState, event: StoredEvent, check: Check): void {
    if (accept(state, event, check)) socket.emit(SOCKET_EVENT, toWire(event));
  }

  async function catchUp(socket: Socket, state: SocketState, lastEventId: number | undefined): Promise<void> {
    const from = lastEventId === undefined ? null : await positionOf(deps.db, lastEventId);
    if (from) {
      state.position = from;
      const upTo = deps.reader.position;
      let batch: StoredEvent[];
      do {
        batch = await readSettledAfter(deps.db, state.position, CATCH_UP_BATCH, upTo);
        for (const event of batch) {
          const check = await deps.audiences.prepare(event);
          state.position = event.position;
          if (check(state.auth)) socket.emit(SOCKET_EVENT, toWire(event));
        }
      } while (batch.length === CATCH_UP_BATCH && socket.connected);
    }
    state.catchingUp = false;
    const buffered = state.buffer;
    state.buffer = [];
    for (const { event, check } of buffered) deliver(socket, state, event, check);
    socket.emit(SOCKET_CAUGHT_UP, { lastEventId: state.position.id });
  }

  io.use((socket, next) => {
    const handshake = SocketHandshakeSchema.safeParse(socket.handshake.auth ?? {});
    if (!handshake.success) return next(new Error('invalid handshake'));
    resolveHandshake(handshake.data.token)
      .then((holder) => {
        if (!holder) return next(new Error('unauthorized'));
        const state: SocketState = { auth: holder.auth, expiry: null, position: deps.reader.position, catchingUp: true, buffer: [] };
        states.set(socket.id, state);
        hold(socket.id, state, holder);
        next();
      })
      .catch((error: unknown) => next(error instanceof Error ? error : new Error('authentication failed')));
  });

  io.on('connection', (socket) => {
    const state = states.get(socket.id);
    if (!state) return socket.disconnect(true);
    socket.on('disconnect', () => {
      clearExpiry(state);
      states.delete(socket.id);
    });
    const { lastEventId } = SocketHandshakeSchema.parse(socket.handshake.auth ?? {});
    catchUp(socket, state, lastEventId).catch((error: unknown) => {
      deps.logger.warn({ err: error }, 'socket catch-up failed');
      socket.disconnect(true);
    });
  });

  const unsubscribe = deps.reader.subscribe(async (events) => {
    for (const event of events) {
      // Rights first: this event and every later one go out under what the token allows now.
      const affected = whoseAccessChanges(event);
      if (affected) await recheck(affected);
      const check = await deps.audiences.prepare(event);
      const targets: string[] = [];
      for (const socket of io.of('/').sockets.values()) {
        const state = states.get(socket.id);
        if (state && accept(state, event, check)) targets.push(socket.id);
      }
      // One broadcast to the sockets' own rooms: the packet is encoded once, not once per socket.
      if (targets.length > 0) io.to(targets).emit(SOCKET_EVENT, toWire(event));
    }
  });

  return {
    io,
    connectedCount: () => states.size,
    close: async () => {
      unsubscribe();
      for (const state of states.values()) clearExpiry(state);
      await new Promise<void>((resolve) => io.close(() => resolve()));
    },
  };
}
