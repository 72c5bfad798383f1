import * as s from '@platform/shared';
import { listEnvelope } from '@platform/shared';
import { crud, type Operation } from './operation';

const V3 = '/api/v3';

/** Export jobs (API-CONTRACT 14.5, issue 22) and bulk actions on posts (issue 29). */
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
];
