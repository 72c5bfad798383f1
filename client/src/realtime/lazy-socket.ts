import type { ManagerOptions, SocketOptions } from 'socket.io-client';
import type { SocketLike } from './realtime-client';

type Options = Partial<ManagerOptions & SocketOptions>;
type Listener = (...args: never[]) => void;
/** Loads the socket.io client and makes a socket with it (a fake in unit tests). */
export type SocketLoader = (options: Options) => Promise<SocketLike>;

const loadSocketIo: SocketLoader = async (options) => (await import('socket.io-client')).io(options);

/**
 * A socket whose library arrives only when it is first asked to connect: socket.io is not part of
 * the map's first paint (the page shows what it read; pushed changes come after). Listeners and the
 * handshake given before then are handed to the real socket once it exists. A library that could
 * not be fetched is reported as a failed connection, and the next `connect()` tries it again.
 */
export function lazySocket(options: Options, load: SocketLoader = loadSocketIo): SocketLike {
  let real: SocketLike | null = null;
  let loading: Promise<void> | null = null;
  let wanted = false;
  let auth: unknown = options.auth;
  const listeners: Array<[string, Listener]> = [];
  const managerListeners: Array<() => void> = [];

  const fail = (error: unknown) => {
    const reason = error instanceof Error ? error : new Error(String(error));
    for (const [event, listener] of listeners) if (event === 'connect_error') (listener as (e: Error) => void)(reason);
  };
  const ensure = () => {
    loading ??= load(options).then(
      (socket) => {
        real = socket;
        // The handshake as it is now: the client may have changed it while the library loaded.
        socket.auth = auth;
        for (const [event, listener] of listeners) socket.on(event, listener);
        for (const listener of managerListeners) socket.io.on('reconnect_attempt', listener);
        if (wanted) socket.connect();
      },
      (error: unknown) => {
        loading = null;
        if (wanted) fail(error);
      },
    );
  };

  const socket: SocketLike = {
    get auth() {
      return real ? real.auth : auth;
    },
    set auth(value) {
      auth = value;
      if (real) real.auth = value;
    },
    get connected() {
      return real?.connected ?? false;
    },
    get active() {
      return real ? real.active : wanted;
    },
    on(event, listener) {
      if (real) real.on(event, listener);
      else listeners.push([event, listener]);
      return socket;
    },
    connect() {
      wanted = true;
      if (real) real.connect();
      else ensure();
      return socket;
    },
    disconnect() {
      wanted = false;
      real?.disconnect();
      return socket;
    },
    io: {
      on(_event: 'reconnect_attempt', listener: () => void) {
        if (real) real.io.on('reconnect_attempt', listener);
        else managerListeners.push(listener);
        return socket.io;
      },
    },
  };
  return socket;
}
