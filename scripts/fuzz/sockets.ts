import { SOCKET_CAUGHT_UP } from '@platform/shared';
import { io } from 'socket.io-client';
import { Rng } from './rng';
import type { World } from './seed';
import { nastyLike, nastyValue, Raw } from './values';

export type HandshakeFailure = { auth: string; outcome: string };

/** What a socket.io client may say in its handshake: the identities' tokens, and worse. */
function handshakeAuth(rng: Rng, world: World): Record<string, unknown> {
  const token = rng.pick(world.identities).authorization?.slice('Bearer '.length);
  // Raw JSON leaves cannot travel through socket.io's own encoder: their plain values do.
  const plain = (value: unknown): unknown => (value instanceof Raw ? Number(value.text) : value);
  return rng.weighted<() => Record<string, unknown>>([
    [3, () => (token ? { token } : {})],
    [2, () => ({ token: plain(nastyValue(rng)) })],
    [2, () => ({ ...(token ? { token } : {}), lastEventId: plain(nastyLike(rng, 1)) })],
    [1, () => ({ lastEventId: rng.pick(['0', '1', 0, 999_999_999]) })],
    [1, () => ({ token: `${token ?? 'x'}\u0000`, extra: plain(nastyValue(rng)) })],
  ])();
}

/**
 * The socket handshake, which HTTP requests alone do not reach: clients connect with generated
 * `auth` payloads. Each must end, within the timeout, either connected and caught up, or refused
 * with one of the hub's own reasons; anything else (a database error's text, a silent disconnect,
 * no answer) is the socket's 5xx.
 */
export async function fuzzHandshakes(baseUrl: string, world: World, seed: number, count: number): Promise<HandshakeFailure[]> {
  const failures: HandshakeFailure[] = [];
  for (let i = 0; i < count; i++) {
    const auth = handshakeAuth(Rng.forRequest(seed ^ 0x50c4e7, i), world);
    const outcome = await new Promise<string>((resolve) => {
      const socket = io(baseUrl, { auth, transports: ['websocket'], reconnection: false, forceNew: true, timeout: 10_000 });
      let settled = false;
      const done = (result: string) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        resolve(result);
        socket.close();
      };
      const timer = setTimeout(() => done('no answer within 10 s'), 10_000);
      socket.once(SOCKET_CAUGHT_UP, () => done('ok'));
      socket.once('connect_error', (error) =>
        done(['unauthorized', 'invalid handshake'].includes(error.message) ? 'ok' : `refused: ${error.message}`),
      );
      socket.once('disconnect', (reason) => done(`disconnected before catching up (${reason})`));
    });
    if (outcome !== 'ok') failures.push({ auth: JSON.stringify(auth).slice(0, 300), outcome });
  }
  return failures;
}
