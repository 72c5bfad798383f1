import * as s from '@platform/shared';
import { listEnvelope } from '@platform/shared';
import { z } from 'zod';
import { crud, type Operation } from './operation';

const V3 = '/api/v3';

/** A gateway's inbound route on the backend root (issue 23), answered in the gateway's own words. */
const gateway = (method: 'get' | 'post', path: string, provider: string, fields: string): Operation => ({
  method,
  path,
  tag: 'SMS gateways',
  summary: `Incoming SMS from ${provider}`,
  description: `Called by the gateway, not by API clients: ${fields}. Each message is stored once however often the gateway retries, and becomes a post where the provider has a survey. Answers in the gateway's own format (see the README).`,
  access: 'public',
});

const all = <T extends z.ZodType>(item: T) => z.object({ count: z.number().int(), results: z.array(item), total_count: z.number().int() });
const HXL_GATE = 'Absent (404) while the `hxl` feature is off.';

/** HXL and the humanitarian data exchange (API-CONTRACT 14.12, issue 22 item 5). */
function hxlOperations(): Operation[] {
  return [
    {
      method: 'get',
      path: `${V3}/hxl/tags`,
      tag: 'HXL',
      summary: 'HXL hashtags with their attributes',
      description: `Every tag (\`tag_name\` such as \`#adm1\`), the field types it fits and its attributes (\`+name\`). ${HXL_GATE}`,
      response: all(s.HxlTagSchema),
    },
    {
      method: 'get',
      path: `${V3}/hxl/licenses`,
      tag: 'HXL',
      summary: "The exchange's dataset licenses",
      description: `\`code\` is the exchange's \`license_id\`. ${HXL_GATE}`,
      response: all(s.HxlLicenseSchema),
    },
    {
      method: 'get',
      path: `${V3}/hxl/organisations`,
      tag: 'HXL',
      summary: "The caller's organisations on the exchange",
      description: `Asks the exchange (CKAN \`organization_list_for_user\`) with the caller's saved \`hdx_api_key\`: 422 without one, 502 when the exchange refuses, 504 when it does not answer in time. ${HXL_GATE}`,
      response: all(s.HxlOrganisationSchema),
    },
    {
      method: 'get',
      path: `${V3}/hxl/metadata`,
      tag: 'HXL',
      summary: "Dataset metadata of the caller's exchange exports",
      description: `Administrators see everyone's. ${HXL_GATE}`,
      query: s.HxlMetadataListQuery,
      response: all(s.HxlMetadataSchema),
    },
    {
      method: 'post',
      path: `${V3}/hxl/metadata`,
      tag: 'HXL',
      summary: 'Save the dataset metadata of an exchange export',
      description: `One per export job (saving again replaces it). Once the export's file is written too, it is uploaded to the exchange (\`package_create\`, \`resource_create\`); the job then ends \`EXPORTED_TO_CDN\` or \`FAILED\` (\`export.*\` events). ${HXL_GATE}`,
      body: s.HxlMetadataBody,
      response: s.HxlMetadataSchema,
    },
    {
      method: 'get',
      path: `${V3}/hxl/metadata/:id`,
      tag: 'HXL',
      summary: 'One dataset metadata',
      description: HXL_GATE,
      response: s.HxlMetadataSchema,
    },
  ];
}

/** Export jobs (API-CONTRACT 14.5, issue 22), bulk actions on posts (issue 29), data sources (14.8, issue 23). */
export const DATA_OPERATIONS: Operation[] = [
  ...crud('Exports', `${V3}/exports/jobs`, 'export job', {
    item: s.ExportJobSchema,
    list: listEnvelope(s.ExportJobSchema),
    query: s.ExportListQuery,
    create: s.ExportJobBody,
    ops: 'lcrdo',
  }).map((op) => (op.method === 'delete' ? { ...op, summary: 'Cancel an export job (its file goes with it)' } : op)),
  {
    method: 'get',
    path: `${V3}/exports/jobs/:id/file`,
    tag: 'Exports',
    summary: "Download an export's file",
    description:
      'The signed URL of a finished job (`url` in the job), valid until `url_expiration`: `expires` and `signature` in the query are the capability, no bearer token. CSV or GeoJSON as the job asked.',
    access: 'public',
  },
  ...hxlOperations(),
  {
    method: 'post',
    path: `${V3}/posts/bulk`,
    tag: 'Posts',
    summary: 'One action on many posts in one transaction',
    description:
      'Set a status, delete, or add to a collection, for up to 1,000 posts. Each post is checked on its own (privilege, lock held by someone else, required tasks for publishing); those not changed are listed in `skipped` with why.',
    body: s.PostBulkBody,
    response: s.PostBulkResultSchema,
  },
  ...crud('Data sources', `${V3}/dataproviders`, 'data provider', { item: z.looseObject({ id: z.string() }), ops: 'lro' }).map((op) => ({
    ...op,
    description:
      'The providers this deployment offers (smssync, frontlinesms, twilio, nexmo, email, outgoingemail, twitter) with their options, services and inbound fields; their settings are saved in `config/data-provider`.',
  })),
  ...(['get', 'post'] as const).flatMap((method) =>
    ['/sms/smssync', '/smssync'].map((path) =>
      gateway(
        method,
        path,
        'SMSSync',
        '`secret`, `from`, `message`, `sent_to`, `sent_timestamp`, `message_id`; `GET ?task=send&secret=` hands over waiting replies',
      ),
    ),
  ),
  ...['/sms/frontlinesms', '/frontlinesms'].map((path) => gateway('post', path, 'FrontlineSMS', '`secret`, `from`, `message`')),
  ...['/sms/twilio', '/sms/twilio/reply'].map((path) =>
    gateway(
      'post',
      path,
      'Twilio',
      '`AccountSid`, `From`, `To`, `Body`, `MessageSid`, signed with `X-Twilio-Signature` when an auth token is set',
    ),
  ),
  ...(['get', 'post'] as const).flatMap((method) =>
    ['/sms/nexmo', '/sms/nexmo/reply'].map((path) =>
      gateway(method, path, 'Vonage (Nexmo)', '`msisdn`, `to`, `messageId`, `text` in the query, a form or JSON'),
    ),
  ),
  gateway('post', '/nexmo', 'Vonage (Nexmo)', '`msisdn`, `to`, `messageId`, `text` in the query, a form or JSON'),
];
