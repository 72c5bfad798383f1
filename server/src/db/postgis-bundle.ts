import { createHash } from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { pathToFileURL } from 'node:url';
import zlib from 'node:zlib';
import type { Extension } from '@electric-sql/pglite';
import tar from 'tar-stream';

/**
 * PostGIS for the embedded database, without what we never use. The published bundle holds
 * postgis_raster and postgis_topology beside postgis, and PGlite compiles every library in a bundle
 * when it starts: two unused 16 MB WebAssembly libraries, with the upgrade-from-unpackaged scripts
 * and the tiger geocoder, took about 350 MB of the embedded server's 930 MB idle and seconds of its
 * start. The bundle kept here has the postgis library, its control file and install and upgrade
 * scripts, and the proj data `ST_Transform` reads; it is made once per published bundle, in
 * node_modules/.cache (or the temp folder when that cannot be written).
 */

const FORMAT = 1;

const keep = (name: string): boolean =>
  name.endsWith('/') ||
  name === 'lib/postgresql/postgis-3.so' ||
  name.startsWith('share/proj/') ||
  (/^share\/postgresql\/extension\/postgis(\.control|--[^/]*\.sql)$/.test(name) && !name.includes('unpackaged'));

function publishedBundle(): string {
  const entry = createRequire(import.meta.url).resolve('@electric-sql/pglite-postgis');
  return path.join(path.dirname(entry), 'postgis.tar.gz');
}

function cacheDirs(): string[] {
  const nodeModules = path.resolve(path.dirname(publishedBundle()), '../../..');
  return [path.join(nodeModules, '.cache', 'platform'), path.join(os.tmpdir(), 'platform-cache')];
}

async function writeSlimBundle(from: string, to: string): Promise<void> {
  const extract = tar.extract();
  const pack = tar.pack();
  extract.on('entry', (header, stream, next) => {
    if (!keep(header.name)) {
      stream.on('end', next);
      stream.resume();
      return;
    }
    stream.pipe(pack.entry(header, next));
  });
  extract.on('finish', () => pack.finalize());
  // Written under a name of its own, then renamed: processes starting together never read half a file.
  const partial = `${to}.${process.pid}.${Date.now()}`;
  await Promise.all([
    pipeline(fs.createReadStream(from), zlib.createGunzip(), extract),
    pipeline(pack, zlib.createGzip(), fs.createWriteStream(partial)),
  ]);
  fs.renameSync(partial, to);
}

/** The path of the slim bundle, made now if this published bundle has none yet. */
export async function slimPostgisBundle(): Promise<string> {
  const from = publishedBundle();
  const stat = fs.statSync(from);
  const id = createHash('sha256').update(`${FORMAT}:${from}:${stat.size}:${stat.mtimeMs}`).digest('hex').slice(0, 16);
  let lastError: unknown;
  for (const dir of cacheDirs()) {
    const file = path.join(dir, `postgis-${id}.tar.gz`);
    if (fs.existsSync(file)) return file;
    try {
      fs.mkdirSync(dir, { recursive: true });
      await writeSlimBundle(from, file);
      return file;
    } catch (error) {
      lastError = error;
    }
  }
  throw lastError;
}

/** PGlite's postgis extension, loading the slim bundle. */
export async function slimPostgis(): Promise<Extension> {
  const bundle = pathToFileURL(await slimPostgisBundle());
  return {
    name: 'postgis',
    setup: async (_pg, emscriptenOpts: { PGLITE_ENV: Record<string, string> }) => {
      // As the published extension sets it: proj's data sits under PGlite's prefix.
      emscriptenOpts.PGLITE_ENV.PROJ_DATA = '/pglite/share/proj';
      return { emscriptenOpts, bundlePath: bundle };
    },
  };
}
