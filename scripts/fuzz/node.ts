import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { loadConfig } from '../../server/src/config';
import { startNode, type RunningNode } from '../../server/src/node';
import { cloneDatabase, ensureTemplate, TEST_ADMIN_PASSWORD } from '../../tests/integration/helpers/database';

const root = path.resolve(import.meta.dirname, '../..');

export type FuzzNode = {
  node: RunningNode;
  adminPassword: string;
  /** Built client files under /assets, when the client is built (`npm run build -w client`). */
  assets: string[];
  /** The error the node logged for a request id, if it logged one. */
  serverError: (requestId: string) => string | undefined;
  close: () => Promise<void>;
};

/**
 * An API node of its own on a fresh database: a clone of the migrated template on
 * FUZZ_DATABASE_URL or TEST_DATABASE_URL, else the embedded database in a temporary folder. It runs
 * in this process, so the fuzz reads the route table off the real app and the node's own error
 * log (the cause of a 500) by request id.
 */
export async function startFuzzNode(): Promise<FuzzNode> {
  const serverUrl = process.env.FUZZ_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  const database = serverUrl ? await cloneDatabase(serverUrl, await ensureTemplate(serverUrl)) : null;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'platform-fuzz-'));

  const errors = new Map<string, string>();
  const logger = pino(
    { level: 'error' },
    {
      write(line: string) {
        const entry = JSON.parse(line) as { req?: { id?: string }; err?: { message?: string; stack?: string } };
        const id = entry.req?.id;
        if (!id || !entry.err?.message || errors.has(id)) return;
        // The first frame in our own code says where to look.
        const frame = entry.err.stack?.split('\n').find((line) => line.includes('/src/') && !line.includes('node_modules'));
        errors.set(id, `${entry.err.message.slice(0, 300)}${frame ? ` (${frame.trim().replace(/^at /, 'at ').replace(root, '')})` : ''}`);
      },
    },
  );
  const config = loadConfig({
    PORT: '0',
    HOST: '127.0.0.1',
    DATABASE_URL: database?.url ?? '',
    DATA_DIR: dataDir,
    ADMIN_PASSWORD: TEST_ADMIN_PASSWORD,
    LOG_LEVEL: 'error',
  });
  const clientDist = path.join(root, 'client/dist');
  if (fs.existsSync(path.join(clientDist, 'index.html'))) config.clientDist = clientDist;
  else process.stdout.write('The client is not built (npm run build -w client): its pages and assets are fuzzed as missing.\n');
  const node = await startNode(config, { logger });
  const assetsDir = path.join(clientDist, 'assets');
  const assets = config.clientDist && fs.existsSync(assetsDir) ? fs.readdirSync(assetsDir).slice(0, 20) : [];

  return {
    node,
    adminPassword: TEST_ADMIN_PASSWORD,
    assets,
    serverError: (id) => errors.get(id),
    close: async () => {
      await node.close();
      await database?.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
