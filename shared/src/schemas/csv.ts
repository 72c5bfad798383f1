import { z } from 'zod';
import { dbIdField } from './common';
import { listQuery } from './list-query';

/** Limits of an uploaded CSV file (spec 3 section 9, API-CONTRACT 14.4). */
export const CSV_MAX_BYTES = 10 * 1024 * 1024;
export const CSV_MAX_COLUMNS = 1000;
export const CSV_MIME_TYPES = ['text/csv', 'text/plain'] as const;

export const CsvMessages = {
  fileType: 'File type not supported. Please upload a .csv file.',
  fileMissing: 'A CSV file is required',
  fileEmpty: 'The CSV file is empty',
  fileTooLarge: 'The file size should be less than 10 MB',
  notUtf8: 'The CSV file is not UTF-8 text. Save it as "CSV UTF-8" and upload it again.',
  noHeader: 'The CSV file has no column names in its first row',
  tooManyColumns: `The CSV file has more than ${CSV_MAX_COLUMNS} columns`,
  unreadable: (reason: string) => `The CSV file could not be read: ${reason}`,
  mapsToInvalid: 'maps_to must list one target (or null) per column',
  columnOutOfRange: (index: string) => `Column ${index} does not exist in the CSV file`,
  noMappings: 'Map at least one column to a post field',
  duplicateTargets: (targets: string[]) => `Several columns are mapped to the same field: ${targets.join(', ')}`,
  unknownTarget: (target: string) => `"${target}" is not a field of the survey`,
  pointHalf: (key: string) => `Location "${key}" needs both a .lat and a .lon column`,
  formRequired: 'fixed.form must name the survey to import into',
  formMissing: (id: number) => `Survey ${id} does not exist`,
  fixedStatusInvalid: 'fixed.status must be published, draft or archived',
  mappingRequired: 'Map the columns (PUT /csv/{id}) before importing',
  alreadyStarted: 'This import has already been started',
  tooManyCells: (cells: number, columns: number) => `The row has ${cells} cells but the file has ${columns} columns`,
  rowUnsaved: 'The row could not be saved',
} as const;

const Target = z.preprocess(
  (v) => (v === '' || v === undefined ? null : v),
  z.string({ error: CsvMessages.mapsToInvalid }).trim().min(1).max(300, CsvMessages.mapsToInvalid).nullable(),
);

/**
 * `PUT /csv/{id}` (API-CONTRACT 14.4): the web client sends `maps_to` as an object keyed by column
 * index, Behat as an array; both are accepted. `columns` is the client's echo of the header and is
 * ignored: the server keeps the columns it read.
 */
export const CsvMappingBody = z.object({
  maps_to: z.union([z.array(Target), z.record(z.string(), Target)], { error: CsvMessages.mapsToInvalid }),
  fixed: z.object(
    {
      form: dbIdField(CsvMessages.formRequired),
      status: z
        .preprocess(
          (v) => (typeof v === 'string' ? v.trim().toLowerCase() : v),
          z.enum(['published', 'draft', 'archived', 'under review', ''], { error: CsvMessages.fixedStatusInvalid }),
        )
        .nullish(),
      tags: z.array(dbIdField('fixed.tags must list category ids')).nullish(),
      published_to: z.array(z.string().trim().min(1).max(255)).nullish(),
    },
    { error: CsvMessages.formRequired },
  ),
  columns: z.unknown().optional(),
});
export type CsvMappingBody = z.infer<typeof CsvMappingBody>;

export const CSV_IMPORT_STATUSES = ['PENDING', 'SUCCESS', 'FAILED', 'CANCELLED'] as const;

/** A CSV import as the API renders it (API-CONTRACT 14.4). */
export const CsvImportSchema = z.object({
  id: z.number().int(),
  url: z.string(),
  user: z.object({ id: z.number().int(), url: z.string() }).nullable(),
  columns: z.array(z.string()),
  maps_to: z.array(z.string().nullable()).nullable(),
  fixed: z.record(z.string(), z.unknown()).nullable(),
  filename: z.string(),
  mime: z.string(),
  size: z.number().int(),
  status: z.enum(CSV_IMPORT_STATUSES).nullable(),
  total: z.number().int(),
  processed: z.number().int(),
  errors: z.number().int(),
  collection_id: z.number().int().nullable(),
  completed: z.boolean(),
  created: z.string(),
  updated: z.string().nullable(),
  allowed_privileges: z.array(z.string()),
});
export type CsvImport = z.infer<typeof CsvImportSchema>;

/** The thin payload of `import.*` events: enough for a progress bar. */
export const ImportProgressSchema = z.object({
  id: z.number().int(),
  status: z.enum(CSV_IMPORT_STATUSES),
  processed: z.number().int(),
  errors: z.number().int(),
  total: z.number().int(),
  collection_id: z.number().int().nullable(),
});
export type ImportProgress = z.infer<typeof ImportProgressSchema>;

export const CSV_SORTABLE = ['id', 'created', 'updated'] as const;
export const CsvListQuery = listQuery({ sortable: CSV_SORTABLE, orderby: 'id' }, {});
export type CsvListQuery = z.infer<typeof CsvListQuery>;
