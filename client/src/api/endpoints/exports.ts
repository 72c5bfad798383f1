import { ExportJobSchema, listEnvelope, type ExportFormat, type ExportJob, type HxlHeadingEntry } from '@platform/shared';
import type { ApiClient } from '../client';
import type { Query } from '../query';

const ExportJobList = listEnvelope(ExportJobSchema);

export type ExportRequest = {
  fields: string[] | null;
  filters: Query;
  format: ExportFormat;
  include_hxl: boolean;
  hxl_heading_row: Array<Pick<HxlHeadingEntry, 'form_attribute_id' | 'tag' | 'attributes'> & { hxl_tag_id?: number }> | null;
  /** With HXL: the file goes to the humanitarian data exchange instead of the browser. */
  send_to_hdx?: boolean;
};

/** `POST /exports/jobs` (API-CONTRACT 14.5): answers the PENDING job at once. */
export const createExportJob = (api: ApiClient, request: ExportRequest): Promise<ExportJob> =>
  api.post('/exports/jobs', ExportJobSchema, {
    body: { entity_type: 'post', ...request, send_to_browser: !request.send_to_hdx, send_to_hdx: request.send_to_hdx === true },
  });

export const getExportJob = (api: ApiClient, id: number): Promise<ExportJob> => api.get(`/exports/jobs/${id}`, ExportJobSchema);

/** Cancels: the job is deleted. */
export const cancelExportJob = (api: ApiClient, id: number): Promise<ExportJob> => api.delete(`/exports/jobs/${id}`, ExportJobSchema);

/** The history tab: the caller's jobs whose link still works now (`user=me&max_expiration=<now>`). */
export const listMyExportJobs = async (api: ApiClient, now: Date): Promise<ExportJob[]> =>
  (await api.get('/exports/jobs', ExportJobList, { query: { user: 'me', max_expiration: Math.floor(now.getTime() / 1000), limit: 50 } }))
    .results;
