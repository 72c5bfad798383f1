import { OpenAPIRegistry, OpenApiGeneratorV31, type RouteConfig } from '@asteasolutions/zod-to-openapi';
import { ErrorEnvelopeSchema } from '@platform/shared';
import { z } from 'zod';
import type { Operation } from './operation';
import { OPERATIONS } from './operations';

export const API_KEYS_GUIDE = `### Authentication

Every call under \`/api/v3\` carries a bearer token from \`POST /oauth/token\`
(\`Authorization: Bearer <access_token>\`): the \`password\` grant for a user, or the
\`client_credentials\` grant for what an anonymous visitor may read. Tokens carry scopes
(\`posts\`, \`webhooks\`, \`apikeys\`, ...); \`*\` asks for all of them.

### API keys

An administrator (or a user with Manage Settings) makes the deployment's API keys with
\`POST /api/v3/apikeys\` and reads them with \`GET /api/v3/apikeys\`. A key is not a login: it is
what a webhook receiver presents when it writes a result back with the signed
\`PUT /api/v3/webhooks/posts/{id}?api_key=<key>\` (or \`api_key\` in the JSON body), together with
the \`X-Ushahidi-Signature\` header, base64(HMAC-SHA256(key = the deployment's shared secret,
data = the full request URL, query string included, followed by the raw body)), as Ushahidi v3's
receivers do. \`PUT /api/v3/apikeys/{id}\` regenerates a key and \`DELETE\` removes it: the old value
is refused (401) from the next request on, so rotate a key by regenerating it and giving the new
value to the receiver.

### Webhooks

Each delivery is an HTTP POST of the post's JSON plus \`webhook_uuid\`, \`source_field_key\` and
\`destination_field_key\`, signed in \`X-Ushahidi-Signature\` = base64(HMAC-SHA256(key = the
webhook's shared secret, data = the webhook URL + body)). Failed deliveries are retried with a
growing wait; \`GET /api/v3/webhooks/{id}/deliveries\` lists every attempt.`;

/** Express's `/posts/:id` and `/media/files/*key` as OpenAPI's `/posts/{id}` and `/media/files/{key}`. */
export const openApiPath = (path: string) => path.replace(/[:*](\w+)/g, '{$1}');

/** `/tags/{id}` -> a params object of its `{...}` names (ids are digits, the rest text). */
function paramsOf(path: string) {
  const names = [...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!);
  if (names.length === 0) return undefined;
  return z.object(Object.fromEntries(names.map((name) => [name, /id$|^id$|Id$/i.test(name) ? z.string().regex(/^\d+$/) : z.string()])));
}

const json = (schema: z.ZodType) => ({ content: { 'application/json': { schema } } });

function route(op: Operation): RouteConfig {
  const path = openApiPath(op.path);
  const params = paramsOf(path);
  const success: RouteConfig['responses'] =
    op.status === 204
      ? { 204: { description: 'Done; no body' } }
      : { 200: { description: 'OK', ...(op.response ? json(op.response) : {}) } };
  const errors = {
    default: {
      description: 'An error in the envelope of API-CONTRACT 2.1 (OAuth errors use the OAuth shape)',
      ...json(ErrorEnvelopeSchema),
    },
  };
  return {
    method: op.method,
    path,
    tags: [op.tag],
    summary: op.summary,
    ...(op.description ? { description: op.description } : {}),
    operationId: `${op.method}${path.replace(/\{(\w+)\}/g, 'By_$1').replace(/[^A-Za-z0-9]+(.)?/g, (_m, c?: string) => (c ? c.toUpperCase() : ''))}`,
    security: op.access === 'public' || op.access === 'signed' ? [] : [{ bearer: [] }],
    request: {
      ...(params ? { params } : {}),
      ...(op.query ? { query: op.query as z.ZodObject } : {}),
      ...(op.upload
        ? {
            body: {
              content: { 'multipart/form-data': { schema: z.object({ file: z.string().meta({ format: 'binary' }) }).passthrough() } },
            },
          }
        : op.body
          ? { body: json(op.body) }
          : {}),
    },
    responses: { ...success, ...errors },
  };
}

/** The OpenAPI 3.1 document of the API, generated from the routes' zod schemas (issue 25 item 6). */
export function buildOpenApiDocument(operations: Operation[] = OPERATIONS) {
  const registry = new OpenAPIRegistry();
  registry.registerComponent('securitySchemes', 'bearer', {
    type: 'http',
    scheme: 'bearer',
    description: 'An access token from POST /oauth/token',
  });
  for (const op of operations) registry.registerPath(route(op));
  return new OpenApiGeneratorV31(registry.definitions).generateDocument({
    openapi: '3.1.0',
    info: {
      title: 'Platform API (Ushahidi v3 compatible)',
      version: '3',
      description: API_KEYS_GUIDE,
    },
    servers: [{ url: '/' }],
  });
}
