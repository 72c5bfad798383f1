import { sql } from 'kysely';
import type { Auth } from '../../auth/auth';
import { seesHiddenDetails } from '../../auth/policy/posts.policy';
import type { AppContext } from '../../context';
import type { Trx } from '../../db/database';
import type { PostsModule } from '../posts/posts.module';
import { exportColumns, type ExportPost } from './export-rows';
import * as repo from './exports.repository';

/** Spec 3 section 9: what an export covers when its filters do not say. */
const EXPORT_DEFAULT_FILTERS = { status: ['published', 'draft'], source: ['sms', 'twitter', 'web', 'email'] };

export type ExportReader = Awaited<ReturnType<typeof exportReader>>;

/**
 * A timestamp as the API writes it (`w3c`, `2014-09-29T21:10:16+00:00`), written by Postgres: a
 * million posts' three dates parsed into Date objects and formatted again took a tenth of the
 * export's time in the node, which the export is bound by; the database has time to spare.
 */
const w3cText = (column: 'posts.created' | 'posts.updated' | 'posts.post_date') =>
  sql<string | null>`to_char(${sql.ref(column)} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"+00:00"')`;

/**
 * The export's count runs without parallel workers: at a million posts they would take both cores
 * from the requests answered meanwhile, which come first. (Its batches walk the id index and stop.)
 */
const withoutParallelWorkers = <T>(ctx: AppContext, run: (trx: Trx) => Promise<T>): Promise<T> =>
  ctx.db.transaction().execute(async (trx) => {
    await sql.raw('set local max_parallel_workers_per_gather = 0').execute(trx);
    return run(trx);
  });

/**
 * The export's reading side: the post list's own filters (the shared `PostListQuery`, parsed by
 * the posts service) applied under the requester's read rule, as `GET /posts` would for them, and
 * each post's values as that requester may see them. Batches follow the id downwards (keyset), so
 * none is held longer than one short statement.
 */
export async function exportReader(ctx: AppContext, posts: PostsModule, auth: Auth, job: repo.ExportJobRow) {
  const search = await posts.reads.searchOf({ ...EXPORT_DEFAULT_FILTERS, ...job.filters });
  const viewer = await posts.reads.viewer(auth, search);
  const locationPrecision = viewer.locationPrecision;
  const formIds = (await ctx.db.selectFrom('forms').select('id').orderBy('id').execute()).map((f) => f.id);
  const contexts = await posts.exports.formContexts(ctx.db, formIds);
  const wantedForms = Array.isArray(search.form) ? new Set(search.form.filter((f): f is number => typeof f === 'number')) : null;
  const attributes = [...contexts.values()]
    .filter((c) => !wantedForms || wantedForms.size === 0 || wantedForms.has(c.form.id))
    .flatMap((c) => c.attributes);
  const columns = exportColumns(attributes, { fields: job.fields, hxl: job.hxl_heading_row, tagNames: await repo.tagNames(ctx.db) });
  const total = Number(
    (
      await withoutParallelWorkers(ctx, (trx) =>
        posts.exports
          .rows(trx, search, viewer)
          .select((eb) => eb.fn.countAll<string>().as('n'))
          .executeTakeFirstOrThrow(),
      )
    ).n,
  );
  let written = 0;

  const dayOnly = (stamp: string) => `${stamp.slice(0, 10)}T00:00:00+00:00`;

  return {
    columns,
    labels: columns.map((c) => c.label),
    pointKeys: attributes.filter((a) => a.type === 'point').map((a) => a.key),
    total,
    written: () => written,

    /** The next `limit` posts below id `after` (from the newest when null). */
    async batch(after: number | null, limit: number): Promise<ExportPost[]> {
      const rows = await posts.exports
        .rows(ctx.db, search, viewer)
        .select([
          'posts.id',
          'posts.form_id',
          'posts.user_id',
          'posts.status',
          w3cText('posts.created').as('created'),
          w3cText('posts.updated').as('updated'),
          w3cText('posts.post_date').as('post_date'),
          'posts.title',
          'posts.content',
          'posts.values',
        ])
        .$if(after !== null, (q) => q.where('posts.id', '<', after!))
        .orderBy('posts.id', 'desc')
        .limit(limit)
        .execute();
      written += rows.length;
      return rows.map((row) => {
        const context = row.form_id === null ? null : (contexts.get(row.form_id) ?? null);
        const hideTime = context !== null && context.form.hide_time && !seesHiddenDetails(auth, row);
        const time = (stamp: string | null) => (stamp === null ? '' : hideTime ? dayOnly(stamp) : stamp);
        return {
          id: row.id,
          survey: context?.form.name ?? '',
          status: row.status,
          created: time(row.created),
          updated: time(row.updated),
          postDate: time(row.post_date),
          title: row.title,
          content: row.content,
          values: posts.exports.values(auth, row, context, { locationPrecision }),
        };
      });
    },
  };
}
