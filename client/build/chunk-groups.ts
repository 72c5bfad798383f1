import type { Plugin } from 'vite';
import { MAP_LIBRARY, MAP_ROUTE } from './map-route-html.ts';

const LIBRARIES = /[\\/]node_modules[\\/]/;

type Group = { name: string; test?: RegExp | ((id: string) => boolean); tags?: '$initial'[]; priority: number };

/**
 * How the client's code is cut into files. Left to itself the bundler makes a file of every set of
 * modules that a different set of screens shares: the map screen arrived as 43 files, 32 of them
 * under 3 KB, each compressed alone (about 13 KB more than the same code compressed together).
 * Instead, in order of precedence:
 * - `vendor`: the libraries every page runs on, which change only with a dependency upgrade, so a
 *   repeat visit after a deploy of the app keeps them cached;
 * - `app`: the rest of what every page runs (the entry's static imports);
 * - `map-route`: what the map screen adds (the landing page, drawn first), whichever other screens
 *   share parts of it; they load it whole, and it is usually in the cache already.
 * The map route's own module stays its own (tiny) chunk, the one the router imports; the other
 * screens' chunks are left to the bundler.
 */
export function chunkGroups(): { plugin: Plugin; groups: Group[] } {
  const mapRoute = new Set<string>();
  const plugin: Plugin = {
    name: 'chunk-groups',
    apply: 'build',
    // The module graph is complete here, and the groups' tests run after it, when chunks are made.
    buildEnd() {
      const ids = [...this.getModuleIds()];
      // Every module a module leads to through static imports.
      const reach = (start: string) => {
        const seen = new Set<string>();
        const stack = [start];
        while (stack.length > 0) {
          const id = stack.pop() as string;
          // The map library is fetched apart, in parallel with the app's code (map-route-html.ts).
          if (seen.has(id) || id.includes(MAP_LIBRARY)) continue;
          seen.add(id);
          stack.push(...(this.getModuleInfo(id)?.importedIds ?? []));
        }
        return seen;
      };
      const route = ids.find((id) => id.endsWith(MAP_ROUTE));
      const entry = ids.find((id) => this.getModuleInfo(id)?.isEntry);
      if (!route || !entry) throw new Error(`chunk-groups: the build has no entry or no map route (${MAP_ROUTE})`);
      // Less what every page loads: through the shared package's index, the entry reaches every
      // schema, also those only settings screens use, which must not come with the map.
      const everyPage = reach(entry);
      for (const id of reach(route)) if (id !== route && !everyPage.has(id)) mapRoute.add(id);
    },
  };
  const groups: Group[] = [
    { name: 'vendor', test: LIBRARIES, tags: ['$initial'], priority: 3 },
    { name: 'app', tags: ['$initial'], priority: 2 },
    { name: 'map-route', test: (id) => mapRoute.has(id), priority: 1 },
  ];
  return { plugin, groups };
}
