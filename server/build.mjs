// Bundles the server (and the shared package it imports as TypeScript) into dist/. npm packages
// stay external and load from node_modules at run time.
import { readFileSync } from 'node:fs';
import { build } from 'esbuild';

const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8'));
const external = Object.keys(pkg.dependencies ?? {}).filter((name) => !name.startsWith('@platform/'));

await build({
  entryPoints: {
    main: 'src/main.ts',
    worker: 'src/worker.ts',
    'gazetteer-worker': 'src/modules/geocode/gazetteer.worker.ts',
    'cluster-worker': 'src/modules/posts/map/cluster.worker.ts',
  },
  outdir: 'dist',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  external: [...external, ...external.map((name) => `${name}/*`)],
  banner: { js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);" },
  logLevel: 'warning',
});
