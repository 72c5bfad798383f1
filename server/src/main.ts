import { fileURLToPath } from 'node:url';
import { loadConfig } from './config';
import { DataDirInUseError } from './db/data-dir-lock';
import { EmbeddedStartError } from './db/embedded';
import { keepHeapNearLiveSize } from './memory';
import { startNode } from './node';

keepHeapNearLiveSize();
const config = loadConfig();
// The built client sits beside the built server: server/dist/main.js -> client/dist.
config.clientDist ??= fileURLToPath(new URL('../../client/dist', import.meta.url));
const node = await startNode(config).catch((error: unknown) => {
  // A data directory that cannot be opened is explained in plain words, not with a stack trace.
  if (error instanceof EmbeddedStartError || error instanceof DataDirInUseError) {
    process.stderr.write(`${error.message}\n`);
    process.exit(1);
  }
  throw error;
});
// Printed whatever the log level: people and scripts wait for this line.
process.stdout.write(`Platform is running on ${node.url} (API under ${node.url}/api/v3)\n`);

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    node.ctx.logger.info(`${signal} received, shutting down`);
    node
      .close()
      .then(() => process.exit(0))
      .catch(() => process.exit(1));
  });
}
