import { createReadStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';

/** Where uploaded files live; an S3-compatible store can implement the same four calls. */
export type MediaStore = {
  put: (key: string, data: Buffer) => Promise<void>;
  get: (key: string) => Promise<{ stream: Readable; size: number } | null>;
  remove: (key: string) => Promise<void>;
  /** Path of the public URL under which `key` is served, relative to the site root. */
  publicPath: (key: string) => string;
};

const SAFE_KEY = /^[a-z0-9][a-z0-9/._-]*$/i;

export function createLocalMediaStore(root: string): MediaStore {
  const resolve = (key: string) => {
    if (!SAFE_KEY.test(key) || key.includes('..')) throw new Error(`unsafe media key ${key}`);
    return path.join(root, key);
  };
  return {
    put: async (key, data) => {
      const file = resolve(key);
      await fs.mkdir(path.dirname(file), { recursive: true });
      await fs.writeFile(file, data);
    },
    get: async (key) => {
      let file: string;
      try {
        file = resolve(key);
      } catch {
        return null;
      }
      const stat = await fs.stat(file).catch(() => null);
      if (!stat?.isFile()) return null;
      return { stream: createReadStream(file), size: stat.size };
    },
    remove: async (key) => {
      await fs.rm(resolve(key), { force: true });
    },
    publicPath: (key) => `/media/files/${key}`,
  };
}
