import { CsvImportSchema, listEnvelope, type CsvImport } from '@platform/shared';
import { z } from 'zod';
import type { ApiClient } from '../client';

const CsvList = listEnvelope(CsvImportSchema);

/** What step 2 sends (API-CONTRACT 14.4): a target (or null) per column, and the fixed fields. */
export type CsvMappingBody = {
  maps_to: Array<string | null>;
  fixed: { form: number; status?: string };
};

/** Step 1: the file with the survey it is meant for (`form_id`). */
export function uploadCsv(api: ApiClient, file: File, formId: number): Promise<CsvImport> {
  const form = new FormData();
  form.append('file', file);
  form.append('form_id', String(formId));
  return api.post('/csv', CsvImportSchema, { form });
}

export const getCsvImport = (api: ApiClient, id: number): Promise<CsvImport> => api.get(`/csv/${id}`, CsvImportSchema);
export const mapCsvImport = (api: ApiClient, id: number, body: CsvMappingBody): Promise<CsvImport> =>
  api.put(`/csv/${id}`, CsvImportSchema, { body });
export const startCsvImport = (api: ApiClient, id: number): Promise<CsvImport> =>
  api.post(`/csv/${id}/import`, CsvImportSchema, { body: { id, action: 'import' } });
export const cancelCsvImport = (api: ApiClient, id: number): Promise<CsvImport> => api.delete(`/csv/${id}`, CsvImportSchema);

/** The newest import (the after-import page without an id follows it). */
export const latestCsvImport = async (api: ApiClient): Promise<CsvImport | null> =>
  (await api.get('/csv', CsvList, { query: { orderby: 'id', order: 'desc', limit: 1 } })).results[0] ?? null;

/** The refused rows as the CSV file the server writes (row, column, reason). */
export const csvErrorReport = (api: ApiClient, id: number): Promise<string> => api.get(`/csv/${id}/errors`, z.string());
