import path from 'node:path';
import { createRequire } from 'node:module';
import express, { Router } from 'express';
import { buildOpenApiDocument } from './openapi.document';

/** swagger-ui-dist's files, served from node_modules: the docs page needs no CDN. */
const swaggerUiDir = () => path.dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'));

const PAGE = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>API documentation</title>
    <link rel="stylesheet" href="/api/docs/assets/swagger-ui.css" />
  </head>
  <body>
    <noscript>The API is described in <a href="/api/v3/openapi.json">/api/v3/openapi.json</a> (OpenAPI 3.1).</noscript>
    <div id="docs"></div>
    <script src="/api/docs/assets/swagger-ui-bundle.js"></script>
    <script src="/api/docs/init.js"></script>
  </body>
</html>
`;

// A file, not an inline script: the content security policy allows scripts from this origin only.
const INIT = `window.ui = SwaggerUIBundle({ url: '/api/v3/openapi.json', dom_id: '#docs', deepLinking: true });\n`;

/** `GET /api/v3/openapi.json`: the document, built once per process (issue 25 item 6). */
export function openApiRoutes(): Router {
  const router = Router();
  let document: string | null = null;
  router.get('/openapi.json', (_req, res) => {
    document ??= JSON.stringify(buildOpenApiDocument());
    res.type('application/json').send(document);
  });
  return router;
}

/** `/api/docs`: the document rendered by Swagger UI, served from this server. */
export function apiDocsRoutes(): Router {
  const router = Router();
  router.get('/api/docs', (_req, res) => {
    res.type('html').send(PAGE);
  });
  router.get('/api/docs/init.js', (_req, res) => {
    res.type('application/javascript').send(INIT);
  });
  router.use('/api/docs/assets', express.static(swaggerUiDir(), { index: false, maxAge: '1h' }));
  return router;
}
