import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import compression from 'compression';
import expressStaticGzip from 'express-static-gzip';
import express, { Router } from 'express';
import helmet from 'helmet';
import { pinoHttp } from 'pino-http';
import qs from 'qs';
import { authenticate } from './auth/auth.middleware';
import { oauthRoutes } from './auth/oauth.routes';
import type { AppContext } from './context';
import { errorMiddleware } from './http/error-middleware';
import { frameAncestors, frameOptions } from './http/framing';
import { countInFlight } from './http/in-flight';
import { jsonBody } from './http/json-body';
import { methodNotAllowed, readOnlyFiles, unknownRoute } from './http/routing';
import { forgetOnWrites } from './http/read-cache';
import { apiHeaders, baseUrl, corsMiddleware, eventPosition, jsonp, malformedPath, trailingSlash } from './http/transport';
import './http/types';
import { API_PREFIX } from './http/urls';
import { apiKeysRoutes } from './modules/apikeys/apikeys.routes';
import { configRoutes } from './modules/settings/settings.routes';
import { contactsRoutes } from './modules/contacts/contacts.routes';
import { targetedRoutes } from './modules/targeted/targeted.routes';
import { countryCodesRoutes } from './modules/country-codes/country-codes.routes';
import { findMimeByKey } from './modules/media/media.repository';
import { mediaRoutes } from './modules/media/media.routes';
import { messagesRoutes } from './modules/messages/messages.routes';
import { dataProvidersRoutes } from './modules/datasources/datasources.routes';
import { gatewayRoutes } from './modules/datasources/inbound/gateways.routes';
import { notificationsRoutes } from './modules/notifications/notifications.routes';
import { postBulkRoutes } from './modules/posts/post-bulk.routes';
import { setsRoutes } from './modules/sets/sets.routes';
import { csvRoutes } from './modules/csv/csv.routes';
import { exportsRoutes } from './modules/exports/exports.routes';
import { hxlRoutes } from './modules/hxl/hxl.routes';
import { clientErrorsRoutes } from './modules/client-errors/client-errors.routes';
import { permissionsRoutes } from './modules/permissions/permissions.routes';
import { rolesRoutes } from './modules/roles/roles.routes';
import { formsRoutes } from './modules/forms/forms.routes';
import { geocodeRoutes } from './modules/geocode/geocode.routes';
import { createGeocodeService } from './modules/geocode/geocode.service';
import { tagsRoutes } from './modules/tags/tags.routes';
import { postsRoutes } from './modules/posts/posts.routes';
import { tosRoutes } from './modules/tos/tos.routes';
import { userSettingsRoutes } from './modules/user-settings/user-settings.routes';
import { usersRoutes } from './modules/users/users.routes';
import { verifierRoutes } from './modules/verifier/verifier.routes';
import { apiDocsRoutes, openApiRoutes } from './openapi/openapi.routes';
import { webhooksRoutes } from './modules/webhooks/webhooks.routes';
import type { Services } from './services';

function apiIndex(ctx: AppContext, services: Services): Router {
  const router = Router();
  router
    .route('/')
    .get(async (req, res) => {
      const me = req.auth.userId === null ? null : await services.users.me(req.auth).catch(() => null);
      res.json({
        now: new Date().toISOString().replace(/\.\d{3}Z$/, '+00:00'),
        version: '3',
        user: { id: me?.user.id ?? null, email: me?.user.email ?? null, realname: me?.user.realname ?? null },
      });
    })
    .all(methodNotAllowed);
  void ctx;
  return router;
}

/**
 * Uploaded files, by the storage key in `original_file_url`. The unguessable key (128 random
 * bits, media.service) is the capability: browsers load these in `<img>` tags and as the site's
 * header image, which carry no bearer token, so this route cannot ask who is calling. Instead the
 * JSON that holds the URL is only given to those who may read the media (`mediaRule`: its
 * uploader, admins, readers of a post showing it), and helmet's `Referrer-Policy: no-referrer`
 * keeps the URL out of other sites' logs. Someone once allowed keeps a URL they saw.
 */
function mediaFiles(ctx: AppContext): Router {
  const router = Router();
  router.get('/media/files/*key', async (req, res) => {
    const key = ([] as string[]).concat(req.params.key as unknown as string[]).join('/');
    // The row first: a file is served only while its media entity exists, and no stream is opened for nothing.
    const row = await findMimeByKey(ctx.db, key);
    const file = row ? await ctx.media.get(key) : null;
    if (!row || !file) return unknownRoute(req, res, () => undefined);
    res.setHeader('Content-Type', row.mime);
    res.setHeader('Content-Length', String(file.size));
    res.setHeader('X-Content-Type-Options', 'nosniff');
    res.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
    // A read error mid-stream must end this response, not the process.
    file.stream.once('error', (err) => {
      req.log?.warn({ err, key }, 'media file read failed');
      res.destroy(err);
    });
    file.stream.pipe(res);
  });
  return router;
}

/** The client routes that open on a map: the landing page, the map view, the embed and a set's map. */
const MAP_ROUTE = /^\/((views\/map|map\/noui|(collections|savedsearches)\/[^/]+\/map)\/?)?$/;

function clientApp(dist: string | undefined): Router {
  const router = Router();
  const index = dist ? path.join(dist, 'index.html') : undefined;
  if (!dist || !index || !fs.existsSync(index)) return router;
  // The app's JavaScript is most of what a first visit downloads: send it compressed. The build
  // compressed every asset once (brotli and gzip -9, beside the file); the rest is compressed as it
  // goes out. Built assets carry a content hash in their name, so browsers may keep them for good.
  router.use(compression());
  router.use(
    '/assets',
    readOnlyFiles,
    expressStaticGzip(path.join(dist, 'assets'), {
      enableBrotli: true,
      orderPreference: ['br', 'gzip'],
      index: false,
      serveStatic: { index: false, maxAge: '1y', immutable: true, fallthrough: false },
    }),
  );
  router.use(express.static(dist, { index: false, maxAge: '1h' }));
  // The same page with the map library and the map screen's chunks preloaded (client/build/map-route-html.ts).
  const mapIndex = path.join(dist, 'map.html');
  const withMap = fs.existsSync(mapIndex) ? mapIndex : index;
  // Single-page app: every other GET that asks for HTML gets index.html and the client routes it.
  router.get(/.*/, (req, res, next) => {
    if (!req.accepts('html')) return next();
    res.setHeader('Cache-Control', 'no-cache');
    res.sendFile(MAP_ROUTE.test(req.path) ? withMap : index);
  });
  return router;
}

/** The Express app. Integration tests call this directly with their own context (STYLE 1). */
export function createApp(ctx: AppContext, services: Services) {
  const app = express();
  app.disable('x-powered-by');
  app.set('query parser', (query: string) => qs.parse(query, { arrayLimit: 1000, parameterLimit: 2000, depth: 5 }));
  app.set('trust proxy', ctx.config.trustProxy);

  app.use(countInFlight);
  app.use(
    pinoHttp({
      logger: ctx.logger,
      genReqId: (req, res) => {
        const id = (req.headers['x-request-id'] as string | undefined)?.slice(0, 64) || randomUUID();
        res.setHeader('X-Request-Id', id);
        return id;
      },
      customLogLevel: (_req, res, error) => (error || res.statusCode >= 500 ? 'error' : 'info'),
      // Compact lines, and never a token, cookie or password in the logs.
      serializers: {
        req: (req: { id: unknown; method: string; url: string; remoteAddress?: string }) => ({
          id: req.id,
          method: req.method,
          url: req.url.replace(/([?&](access_token|token|key|secret)=)[^&]*/g, '$1[redacted]'),
          remoteAddress: req.remoteAddress,
        }),
        res: (res: { statusCode: number }) => ({ statusCode: res.statusCode }),
      },
      autoLogging: { ignore: (req) => req.url === '/api/v3/healthz' },
    }),
  );
  app.use(
    helmet({
      contentSecurityPolicy: {
        directives: {
          defaultSrc: ["'self'"],
          imgSrc: ["'self'", 'data:', 'blob:', 'https:', 'http:'],
          connectSrc: ["'self'", 'ws:', 'wss:', 'https:', 'http:'],
          workerSrc: ["'self'", 'blob:'],
          styleSrc: ["'self'", "'unsafe-inline'"],
          frameSrc: ["'self'", 'https://www.youtube.com', 'https://player.vimeo.com'],
          frameAncestors: [frameAncestors],
          // Self-hosted on plain http inside a field office must keep working.
          upgradeInsecureRequests: null,
        },
      },
      // Set per path below: only the embeddable map runs inside other sites' frames.
      frameguard: false,
      crossOriginEmbedderPolicy: false,
      crossOriginResourcePolicy: { policy: 'cross-origin' },
    }),
  );
  app.use(frameOptions);
  app.use(corsMiddleware);
  app.use(trailingSlash, malformedPath);
  app.use(baseUrl(ctx.config));
  app.use(forgetOnWrites(ctx.answers));

  app.use(oauthRoutes(services.oauth));

  const api = Router();
  api.use(
    apiHeaders,
    eventPosition(() => ctx.reader.position),
    jsonp,
    jsonBody(ctx.config.jsonBodyLimit),
  );
  // The installer verifier answers before authentication: no auth, no scope (API-CONTRACT 14.11).
  api.use(verifierRoutes(services.verifier));
  // The API's description is public, as every integrator reads it before having a token.
  api.use(openApiRoutes());
  api.use(authenticate({ db: ctx.db, settings: ctx.settings, tokens: ctx.tokens, now: ctx.now }));
  api.use(apiIndex(ctx, services));
  api.use(configRoutes(ctx.settings));
  api.use(usersRoutes(services.users, services.account));
  api.use(userSettingsRoutes(services.userSettings));
  api.use(rolesRoutes(services.roles));
  api.use(permissionsRoutes(services.permissions));
  api.use(tosRoutes(services.tos));
  api.use(contactsRoutes(services.contacts));
  api.use(notificationsRoutes(services.notifications));
  api.use(apiKeysRoutes(services.apiKeys));
  api.use(countryCodesRoutes(services.countryCodes));
  api.use(mediaRoutes(services.media, { maxUploadBytes: ctx.config.mediaMaxUpload }));
  api.use(formsRoutes(services.forms));
  api.use(targetedRoutes(services.targeted));
  api.use(tagsRoutes(services.tags));
  api.use(postBulkRoutes(services.posts.bulk, (auth, id, ids) => services.sets.addPosts(auth, id, ids)));
  api.use(postsRoutes(services.posts));
  api.use(setsRoutes(services.sets, services.posts));
  api.use(csvRoutes(services.csv));
  api.use(exportsRoutes(services.exports, ctx.now));
  api.use(hxlRoutes(services.hxl));
  api.use(geocodeRoutes(createGeocodeService(ctx)));
  api.use(clientErrorsRoutes(ctx.logger));
  api.use(messagesRoutes(services.messages, services.posts));
  api.use(dataProvidersRoutes(services.dataProviders));
  api.use(webhooksRoutes(services.webhooks.registrations, services.webhooks.deliveries, services.webhooks.writeBack, services.posts));
  api.use(unknownRoute);
  app.use(API_PREFIX, api);

  // The SMS gateways call the backend root, not /api/v3 (issue 23).
  app.use(gatewayRoutes(services.inbound, services.messages));
  app.use(mediaFiles(ctx));
  app.use(apiDocsRoutes());
  app.use(clientApp(ctx.config.clientDist));
  app.use(unknownRoute);
  app.use(errorMiddleware);
  return app;
}
