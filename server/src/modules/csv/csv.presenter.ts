import type { CsvImport, ImportProgress } from '@platform/shared';
import type { Auth } from '../../auth/auth';
import { allowedPrivileges } from '../../auth/policy/policy';
import { ref, resourceUrl, w3c } from '../../http/urls';
import { csvRule } from './csv.policy';
import type { CsvImportRow } from './csv.repository';

/** CSV import JSON (API-CONTRACT 14.4); `total` is ours: the rows a progress bar counts to. */
export function presentCsvImport(base: string, auth: Auth, row: CsvImportRow): CsvImport {
  return {
    id: row.id,
    url: resourceUrl(base, 'csv', row.id),
    user: ref(base, 'users', row.user_id),
    columns: row.columns,
    maps_to: row.maps_to,
    fixed: row.fixed,
    filename: row.filename,
    mime: row.mime,
    size: row.size,
    status: row.status,
    total: row.total,
    processed: row.processed,
    errors: row.errors,
    collection_id: row.collection_id,
    completed: row.completed,
    created: w3c(row.created)!,
    updated: w3c(row.updated),
    allowed_privileges: allowedPrivileges(csvRule, auth, row),
  };
}

/** The thin payload of every `import.*` event. */
export const importProgress = (row: CsvImportRow): ImportProgress => ({
  id: row.id,
  status: row.status ?? 'PENDING',
  processed: row.processed,
  errors: row.errors,
  total: row.total,
  collection_id: row.collection_id,
});

/** Cells a spreadsheet would run as a formula are written as text (OWASP CSV injection). */
const escapeCell = (value: string) => {
  const text = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
};

/** The refused rows as CSV: row number, column name and reason. */
export function errorReportCsv(errors: Array<{ row: number; column: string | null; reason: string }>): string {
  const lines = [['row', 'column', 'reason'], ...errors.map((e) => [String(e.row), e.column ?? '', e.reason])];
  return `\uFEFF${lines.map((cells) => cells.map(escapeCell).join(',')).join('\r\n')}\r\n`;
}
