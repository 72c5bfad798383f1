import path from 'node:path';
import { MAP_ROUTE_BUDGET_BYTES, mapRouteJs } from './map-route-js';

/**
 * `node --import tsx scripts/bench/map-route-report.ts [language]` (after `npm run build`): the files
 * the map route loads before it can draw, from the build's manifest, largest first, against the budget.
 */
const dist = process.env.BENCH_CLIENT_DIST ?? path.resolve(import.meta.dirname, '../../client/dist');
const route = mapRouteJs(dist, process.argv[2] ?? 'en');
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
for (const f of [...route.files].sort((a, b) => b.gzip - a.gzip))
  process.stdout.write(`${kb(f.gzip).padStart(9)}  ${f.file}  (${f.key})\n`);
process.stdout.write(`${kb(route.total).padStart(9)}  in ${route.files.length} files (budget ${kb(MAP_ROUTE_BUDGET_BYTES)})\n`);
process.stdout.write(`${kb(route.maplibre.gzip).padStart(9)}  ${route.maplibre.file} (maplibre-gl, apart)\n`);
