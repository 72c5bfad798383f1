import { z } from 'zod';
import { LooseBoolean } from './common';
import { queryWord } from './list-query';

/**
 * Export jobs (API-CONTRACT 14.5). `PENDING` when asked for, `QUEUED` while a worker writes the
 * file, then `SUCCESS` (a signed download `url` until `url_expiration`), or for the humanitarian
 * data exchange `EXPORTED_TO_CDN` -> `PENDING_HDX`, or `FAILED`.
 */
export const EXPORT_STATUSES = ['PENDING', 'QUEUED', 'SUCCESS', 'FAILED', 'EXPORTED_TO_CDN', 'PENDING_HDX'] as const;
export type ExportStatus = (typeof EXPORT_STATUSES)[number];
/** Statuses after which the job writes nothing more. */
export const EXPORT_ENDED: readonly ExportStatus[] = ['SUCCESS', 'FAILED', 'EXPORTED_TO_CDN', 'PENDING_HDX'];

/** CSV as the contract says; GeoJSON is our addition (issue 22 item 4). */
export const EXPORT_FORMATS = ['csv', 'geojson'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

export const ExportMessages = {
  entityType: 'entity_type must be post',
  noFields: 'Uh oh... you need to select some fields to export first.',
  hxlTargets: 'With include_hxl, send_to_browser and send_to_hdx must be opposite booleans',
  hxlTags: 'hxl_heading_row needs at least one tag when include_hxl is on',
  hxlTag: 'An HXL tag looks like #adm1 (a # and lowercase letters, digits or _)',
  hxlAttribute: 'An HXL attribute looks like +name (a + and lowercase letters, digits or _)',
  filters: 'filters must be an object of post list filters',
  failed: 'Export job has failed.',
} as const;

const HXL_TAG = /^#[a-z][a-z0-9_]*$/;
const HXL_ATTRIBUTE = /^\+[a-z][a-z0-9_]*$/;

/**
 * One column's HXL hashtag (spec 3 section 3 "hxl_heading_row"). There are no HXL tag tables
 * here yet, so an entry carries its tag and attributes itself (`{form_attribute_id: 12, tag:
 * "#adm1", attributes: ["+name"]}`); `hxl_tag_id` / `hxl_attribute_id` are kept for the legacy
 * client's shape and not looked up. A point field's tag gets `+lat` / `+lon` on its two columns.
 */
export const HxlHeadingEntry = z.object({
  form_attribute_id: z.coerce.number().int().positive(),
  tag: z.string().trim().toLowerCase().regex(HXL_TAG, ExportMessages.hxlTag),
  attributes: z.array(z.string().trim().toLowerCase().regex(HXL_ATTRIBUTE, ExportMessages.hxlAttribute)).max(20).default([]),
  hxl_tag_id: z.number().int().nullish(),
  hxl_attribute_id: z.number().int().nullish(),
});
export type HxlHeadingEntry = z.infer<typeof HxlHeadingEntry>;

/** `POST /exports/jobs`. `fields` are field keys; absent or null means every field. */
export const ExportJobBody = z
  .object({
    entity_type: z.literal('post', { error: ExportMessages.entityType }),
    fields: z.array(z.string().trim().min(1).max(255)).max(1000).nullish(),
    filters: z.record(z.string(), z.unknown(), { error: ExportMessages.filters }).nullish(),
    send_to_browser: LooseBoolean.default(true),
    send_to_hdx: LooseBoolean.default(false),
    include_hxl: LooseBoolean.default(false),
    hxl_heading_row: z.array(HxlHeadingEntry).max(1000).nullish(),
    hxl_meta_data_id: z.coerce.number().int().positive().nullish(),
    format: z.enum(EXPORT_FORMATS).default('csv'),
  })
  .superRefine((body, ctx) => {
    if (body.fields && body.fields.length === 0) ctx.addIssue({ code: 'custom', path: ['fields'], message: ExportMessages.noFields });
    if (body.include_hxl && body.send_to_browser === body.send_to_hdx)
      ctx.addIssue({ code: 'custom', path: ['send_to_hdx'], message: ExportMessages.hxlTargets });
    if (body.include_hxl && !body.hxl_heading_row?.length)
      ctx.addIssue({ code: 'custom', path: ['hxl_heading_row'], message: ExportMessages.hxlTags });
  });
export type ExportJobBody = z.infer<typeof ExportJobBody>;

/** `GET /exports/jobs`: `user=me`, `entity_type`, `max_expiration` (unix seconds or a date). */
export const ExportListQuery = z.object({
  user: queryWord.pipe(z.enum(['me'], { error: 'user must be me' }).optional()),
  entity_type: queryWord.pipe(z.enum(['post'], { error: ExportMessages.entityType }).optional()),
  max_expiration: queryWord.pipe(
    z
      .string()
      .transform((text, ctx) => {
        const date = /^\d+$/.test(text) ? new Date(Number(text) * 1000) : new Date(text);
        if (Number.isNaN(date.getTime())) {
          ctx.addIssue({ code: 'custom', message: 'max_expiration must be a unix time or a date' });
          return z.NEVER;
        }
        return date;
      })
      .optional(),
  ),
});
export type ExportListQuery = z.infer<typeof ExportListQuery>;

export const ExportJobSchema = z.object({
  id: z.number().int(),
  entity_type: z.literal('post'),
  user: z.object({ id: z.number().int(), url: z.string() }).nullable(),
  fields: z.array(z.string()).nullable(),
  filters: z.record(z.string(), z.unknown()),
  status: z.enum(EXPORT_STATUSES),
  url: z.string().nullable(),
  url_expiration: z.number().int().nullable(),
  header_row: z.array(z.string()).nullable(),
  include_hxl: z.boolean(),
  hxl_heading_row: z.array(z.record(z.string(), z.unknown())).nullable(),
  send_to_browser: z.boolean(),
  send_to_hdx: z.boolean(),
  hxl_meta_data_id: z.number().int().nullable(),
  format: z.enum(EXPORT_FORMATS),
  total_batches: z.number().int().nullable(),
  total_rows: z.number().int().nullable(),
  processed_rows: z.number().int(),
  created: z.string(),
  updated: z.string().nullable(),
  allowed_privileges: z.array(z.string()),
});
export type ExportJob = z.infer<typeof ExportJobSchema>;

/** The thin payload of every `export.*` event: the client reads the job again for its `url`. */
export const ExportProgressSchema = z.object({
  id: z.number().int(),
  user_id: z.number().int().nullable(),
  status: z.enum(EXPORT_STATUSES),
  processed_rows: z.number().int(),
  total_rows: z.number().int().nullable(),
});
export type ExportProgress = z.infer<typeof ExportProgressSchema>;
