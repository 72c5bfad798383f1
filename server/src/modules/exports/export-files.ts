import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/**
 * Export files under DATA_DIR/exports. A download URL is signed (HMAC-SHA256 over the job id and
 * the expiry, with a secret made for that job), so it works without a bearer token, as a link the
 * browser follows, and stops working at `url_expiration` or when the job is deleted.
 */
export function exportFiles(dataDir: string) {
  const dir = path.join(dataDir, 'exports');
  const signature = (secret: string, id: number, expires: number) =>
    createHmac('sha256', secret).update(`${id}.${expires}`).digest('base64url');

  return {
    dir,
    /** Where one worker's attempt writes; a taken-over job gets another name, never a shared file. */
    partPath: (id: number, owner: string) => path.join(dir, `${id}-${owner}.part`),
    keyOf: (id: number, extension: string) => `${id}.${extension}`,
    pathOf: (key: string) => path.join(dir, path.basename(key)),
    newSecret: () => randomBytes(32).toString('base64url'),
    signature,
    isValid(secret: string, id: number, expires: number, given: string): boolean {
      const expected = Buffer.from(signature(secret, id, expires));
      const actual = Buffer.from(given);
      return expected.length === actual.length && timingSafeEqual(expected, actual);
    },
    async ensureDir() {
      await fs.promises.mkdir(dir, { recursive: true });
    },
    /** Partial files of a job's earlier attempts (a worker killed mid-write); called once their claim has lapsed. */
    async removeParts(id: number) {
      const names = await fs.promises.readdir(dir).catch(() => [] as string[]);
      await Promise.all(
        names
          .filter((name) => name.startsWith(`${id}-`) && name.endsWith('.part'))
          .map((name) => fs.promises.rm(path.join(dir, name), { force: true })),
      );
    },
    async remove(file: string) {
      await fs.promises.rm(file, { force: true });
    },
  };
}

export type ExportFiles = ReturnType<typeof exportFiles>;
