import type { ExportJob, ExportProgress } from '@platform/shared';
import type { Auth } from '../../auth/auth';
import { allowedPrivileges } from '../../auth/policy/policy';
import { epochSeconds, ref, resourceUrl, w3c } from '../../http/urls';
import type { ExportFiles } from './export-files';
import { exportRule } from './exports.policy';
import type { ExportJobRow } from './exports.repository';

/** The signed download link of a finished file, until it expires (API-CONTRACT 14.5 `url`). */
function downloadUrl(base: string, files: ExportFiles, row: ExportJobRow, now: Date): string | null {
  if (!row.file_key || !row.file_secret || !row.url_expiration || row.url_expiration <= now) return null;
  const expires = epochSeconds(row.url_expiration)!;
  const signature = files.signature(row.file_secret, row.id, expires);
  return `${resourceUrl(base, 'exports/jobs', row.id)}/file?expires=${expires}&signature=${signature}`;
}

/** Export job JSON (API-CONTRACT 14.5); `format` and `processed_rows` are ours. */
export function presentExportJob(base: string, auth: Auth, files: ExportFiles, row: ExportJobRow, now: Date): ExportJob {
  return {
    id: row.id,
    entity_type: 'post',
    user: ref(base, 'users', row.user_id),
    fields: row.fields,
    filters: row.filters,
    status: row.status,
    url: downloadUrl(base, files, row, now),
    url_expiration: epochSeconds(row.url_expiration),
    header_row: row.header_row,
    include_hxl: row.include_hxl,
    hxl_heading_row: row.hxl_heading_row,
    send_to_browser: row.send_to_browser,
    send_to_hdx: row.send_to_hdx,
    hxl_meta_data_id: row.hxl_meta_data_id,
    format: row.format,
    total_batches: row.total_batches,
    total_rows: row.total_rows,
    processed_rows: row.processed_rows,
    created: w3c(row.created)!,
    updated: w3c(row.updated),
    allowed_privileges: allowedPrivileges(exportRule, auth, row),
  };
}

/** The thin payload of every `export.*` event. */
export const exportProgress = (row: ExportJobRow): ExportProgress => ({
  id: row.id,
  user_id: row.user_id,
  status: row.status,
  processed_rows: row.processed_rows,
  total_rows: row.total_rows,
});
