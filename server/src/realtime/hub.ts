import type http from 'node:http';
import { SOCKET_CAUGHT_UP, SOCKET_EVENT, SocketHandshakeSchema, type PushedEvent } from '@platform/shared';
import type { Logger } from 'pino';
import { Server, type Socket } from 'socket.io';
import type { Auth } from '../auth/auth';
import type { Db } from '../db/database';
import type { EventReader } from '../events/event-reader';
import { isAfter, positionOf, readSettledAfter, type Position, type StoredEvent } from '../events/events.repository';
import type { AudienceRegistry } from './audience';

type Check = (auth: Auth) => boolean;
type SocketState = {
  auth: Auth;
  /** The last event this socket has been given (or deliberately skipped). */
  position: Position;
  catchingUp: boolean;
  buffer: Array<{ event: StoredEvent; check: Check }>;
};

const CATCH_UP_BATCH = 500;

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
  resolveToken: (token: string | undefined) => Promise<Auth | null>;
  logger: Logger;
}) {
  const io = new Server(deps.server, { serveClient: false, cors: { origin: true, credentials: true } });
  const states = new Map<string, SocketState>();

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
    deps
      .resolveToken(handshake.data.token)
      .then((auth) => {
        if (!auth) return next(new Error('unauthorized'));
        states.set(socket.id, { auth, position: deps.reader.position, catchingUp: true, buffer: [] });
        next();
      })
      .catch((error: unknown) => next(error instanceof Error ? error : new Error('authentication failed')));
  });

  io.on('connection', (socket) => {
    const state = states.get(socket.id);
    if (!state) return socket.disconnect(true);
    socket.on('disconnect', () => states.delete(socket.id));
    const { lastEventId } = SocketHandshakeSchema.parse(socket.handshake.auth ?? {});
    catchUp(socket, state, lastEventId).catch((error: unknown) => {
      deps.logger.warn({ err: error }, 'socket catch-up failed');
      socket.disconnect(true);
    });
  });

  const unsubscribe = deps.reader.subscribe(async (events) => {
    for (const event of events) {
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
      await new Promise<void>((resolve) => io.close(() => resolve()));
    },
  };
}
