import type { ColumnType, Generated } from 'kysely';
import type { CreatedAt, Json } from './core';

export type CsvImportStatus = 'PENDING' | 'SUCCESS' | 'FAILED' | 'CANCELLED';

/** What the import's rows receive besides their own cells (API-CONTRACT 14.4 `fixed`). */
export type CsvFixed = { form: number; status?: string; tags?: number[]; published_to?: string[] };

export interface CsvImportsTable {
  id: Generated<number>;
  user_id: number | null;
  filename: string;
  mime: string;
  size: number;
  content: Buffer | null;
  columns: Json<string[]>;
  total: number;
  /** One target per column index, `null` for a skipped column. */
  maps_to: Json<Array<string | null> | null> | null;
  fixed: Json<CsvFixed | null> | null;
  status: CsvImportStatus | null;
  processed: Generated<number>;
  errors: Generated<number>;
  next_row: Generated<number>;
  collection_id: number | null;
  lease_owner: string | null;
  lease_until: ColumnType<Date | null, Date | null | undefined, Date | null>;
  completed: Generated<boolean>;
  created: CreatedAt;
  updated: Date | null;
}

export interface CsvImportErrorsTable {
  id: Generated<number>;
  import_id: number;
  row: number;
  column: string | null;
  reason: string;
}

/** CSV imports and their refused rows (issue 22). */
export interface ImportTables {
  csv_imports: CsvImportsTable;
  csv_import_errors: CsvImportErrorsTable;
}
