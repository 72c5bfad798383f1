import type { Plugin } from 'vite';

/** The map screen's route module (routes.tsx loads it for `/views/map`), as its id ends. */
export const MAP_ROUTE = '/src/features/views/MapView.tsx';
/** What the ids of the map library's modules contain. */
export const MAP_LIBRARY = '/node_modules/maplibre-gl/';

type Chunk = { type: 'chunk'; fileName: string; imports: string[]; facadeModuleId: string | null; moduleIds: string[] };
type Output = Chunk | { type: 'asset'; fileName: string; source: string | Uint8Array };

/**
 * Writes `map.html` beside `index.html`: the same page, plus a `<link rel="modulepreload">` for the
 * map library and for the map screen's chunks, so that the browser fetches them at once, in
 * parallel with the app's own code, instead of after the app has started and asked for them. The
 * server sends it for the routes that open on a map (server/src/app.ts, clientApp).
 */
export function mapRouteHtml(): Plugin {
  let base = '/';
  return {
    name: 'map-route-html',
    apply: 'build',
    enforce: 'post',
    configResolved(config) {
      base = config.base;
    },
    generateBundle(_options, bundle) {
      const outputs = Object.values(bundle) as Output[];
      const chunks = new Map(outputs.filter((o): o is Chunk => o.type === 'chunk').map((c) => [c.fileName, c]));
      const html = outputs.find((o) => o.type === 'asset' && o.fileName === 'index.html');
      const route = [...chunks.values()].find((c) => c.facadeModuleId?.endsWith(MAP_ROUTE));
      // The chunk holding the library's code (its stylesheet is imported by the map's own chunk).
      const library = [...chunks.values()].find((c) => c.moduleIds.some((id) => id.includes(MAP_LIBRARY) && /\.m?js$/.test(id)));
      if (!html || html.type !== 'asset' || !route || !library) {
        throw new Error(
          `map.html: missing from the build: ${[!html && 'index.html', !route && 'the map route chunk', !library && 'the maplibre-gl chunk'].filter(Boolean).join(', ')}`,
        );
      }
      const page = typeof html.source === 'string' ? html.source : new TextDecoder().decode(html.source);
      // The route's static imports, less what index.html already loads.
      const files: string[] = [];
      const walk = (fileName: string) => {
        if (files.includes(fileName) || page.includes(`/${fileName}"`)) return;
        files.push(fileName);
        for (const next of chunks.get(fileName)?.imports ?? []) walk(next);
      };
      walk(route.fileName);
      files.unshift(library.fileName);
      const links = files.map((f) => `    <link rel="modulepreload" crossorigin href="${base}${f}">\n`).join('');
      if (!page.includes('</head>')) throw new Error('map.html: index.html has no </head>');
      this.emitFile({ type: 'asset', fileName: 'map.html', source: page.replace(/^([ \t]*)<\/head>/m, `${links}$1</head>`) });
    },
  };
}
