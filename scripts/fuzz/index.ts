import http from 'node:http';
import { assertLoopback, runFuzz, send } from './engine';
import { startFuzzNode } from './node';
import { formatSummary, reproduce } from './report';
import { buildRequest } from './requests';
import { Rng } from './rng';
import { listRoutes } from './routes';
import { seedWorld } from './seed';
import { fuzzHandshakes } from './sockets';

/**
 * `npm run fuzz [-- --requests 50000 --seed 1 --concurrency 8 --timeout 30000]`
 * `npm run fuzz -- --seed 1 --replay 1234` sends request 1234 of that run alone and prints the answer.
 *
 * Starts its own node on a fresh database (see node.ts), seeds identities and data through the
 * API, then sends generated requests over every route with every identity and judges each answer:
 * no 5xx, every error in the contract's envelope. Exits 1 when anything failed.
 */
function arg(name: string): string | undefined {
  const i = process.argv.indexOf(`--${name}`);
  return i === -1 ? undefined : process.argv[i + 1];
}
const requests = Number(arg('requests') ?? 50_000);
const seed = Number(arg('seed') ?? 1);
const concurrency = Number(arg('concurrency') ?? 8);
const timeoutMs = Number(arg('timeout') ?? 30_000);
const replay = arg('replay');
for (const [name, value] of Object.entries({ requests, seed, concurrency, timeoutMs }))
  if (!Number.isSafeInteger(value) || value < 0) throw new Error(`--${name} must be a whole number`);
if (concurrency < 1 || concurrency > 64) throw new Error('--concurrency must be between 1 and 64');

const fuzz = await startFuzzNode();
let failed = false;
try {
  assertLoopback(fuzz.node.url);
  const routes = listRoutes(fuzz.node.app);
  process.stdout.write(`Node at ${fuzz.node.url}; seeding identities and data\n`);
  const world = await seedWorld(fuzz.node, fuzz.adminPassword, fuzz.assets);

  if (replay !== undefined) {
    const request = buildRequest(Rng.forRequest(seed, Number(replay)), Number(replay), routes, world);
    process.stdout.write(`${reproduce(request, fuzz.node.url, seed)}\n`);
    const agent = new http.Agent();
    const response = await send(agent, new URL(fuzz.node.url), request, timeoutMs);
    agent.destroy();
    process.stdout.write(`-> ${response.status} ${JSON.stringify(response.headers)}\n${response.body.toString('utf8').slice(0, 4000)}\n`);
    const logged = fuzz.serverError(`fuzz-${replay}`);
    if (logged) process.stdout.write(`server said: ${logged}\n`);
  } else {
    process.stdout.write(`Sending ${requests} requests over ${routes.length} routes as ${world.identities.length} identities\n`);
    const result = await runFuzz({
      baseUrl: fuzz.node.url,
      routes,
      world,
      seed,
      requests,
      concurrency,
      timeoutMs,
      serverError: fuzz.serverError,
      onProgress: (done) => {
        if (done % 5000 === 0) process.stdout.write(`  ${done} requests\n`);
      },
    });
    process.stdout.write(formatSummary(result, fuzz.node.url, seed, concurrency));
    const handshakes = Math.max(50, Math.round(requests / 200));
    const refused = await fuzzHandshakes(fuzz.node.url, world, seed, handshakes);
    process.stdout.write(`\nSocket handshakes: ${handshakes}, ${refused.length} failed\n`);
    for (const failure of refused) process.stdout.write(`  ${failure.outcome}: auth ${failure.auth}\n`);
    failed = result.failures.length > 0 || refused.length > 0;
  }
} finally {
  await fuzz.close();
}
process.exit(failed ? 1 : 0);
