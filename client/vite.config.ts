import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { compression, defineAlgorithm } from 'vite-plugin-compression2';
import { chunkGroups } from './build/chunk-groups.ts';
import { localeParts } from './build/locale-parts.ts';
import { mapRouteHtml } from './build/map-route-html.ts';
import { zodWithoutJsonSchema } from './build/zod-without-json-schema.ts';

const api = process.env.API_URL ?? 'http://127.0.0.1:8080';

const chunks = chunkGroups();

export default defineConfig({
  plugins: [
    react(),
    zodWithoutJsonSchema(),
    chunks.plugin,
    localeParts(),
    mapRouteHtml(),
    // Each asset also compressed once at build time (gzip -9 and brotli), so the server sends these
    // files as they are instead of compressing a megabyte of map library on every first visit.
    compression({ algorithms: [defineAlgorithm('gzip', { level: 9 }), 'brotliCompress'], threshold: 1024, logLevel: 'silent' }),
  ],
  server: {
    port: 5173,
    proxy: {
      '/api': api,
      '/oauth': api,
      '/media/files': api,
      '/socket.io': { target: api, ws: true },
    },
  },
  // The manifest lets tests/e2e/map-budget.spec.ts walk what the map route loads.
  build: {
    outDir: 'dist',
    sourcemap: true,
    manifest: true,
    rolldownOptions: { output: { codeSplitting: { groups: chunks.groups } } },
  },
});
