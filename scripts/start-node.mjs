// `PORT=8081 DATABASE_URL=postgres://... npm run start:node`: one more API node (HTTP, socket.io,
// event reader, job workers) joining a database another node already serves. Pushes committed
// through any node reach sockets on every node (each node LISTENs for the log's NOTIFY), and locks
// stay exclusive (they are rows in the shared database). Needs `npm run build` first.
import { existsSync } from 'node:fs';

if (!process.env.DATABASE_URL) {
  console.error('start:node needs DATABASE_URL: an extra node joins a shared Postgres (the embedded database serves one process).');
  process.exit(1);
}
if (!process.env.PORT) {
  console.error("start:node needs PORT (a port other than the first node's).");
  process.exit(1);
}
const main = new URL('../server/dist/main.js', import.meta.url);
if (!existsSync(main)) {
  console.error('server/dist/main.js is missing: run `npm run build` first.');
  process.exit(1);
}
await import(main.href);
