import type { ExportStatus, HxlUploadStage, PushedEvent } from '@platform/shared';
import { ExportUploadSchema } from '@platform/shared';

/**
 * A pushed `export.*` event, reduced to what the export screens follow: the job's progress, and
 * for an upload to the humanitarian data exchange its stage, dataset link and refusal reason.
 */
export type ExportPush = {
  type: 'export.progressed' | 'export.upload_progressed' | 'export.completed' | 'export.failed' | 'export.cancelled';
  id: number;
  status: ExportStatus;
  processed: number;
  total: number | null;
  /** How far the upload went; null while none was asked for. */
  stage: HxlUploadStage | null;
  datasetUrl: string | null;
  /** The exchange's answer when the upload failed. */
  reason: string | null;
};

const PUSH_TYPES: readonly string[] = [
  'export.progressed',
  'export.upload_progressed',
  'export.completed',
  'export.failed',
  'export.cancelled',
] satisfies ExportPush['type'][];

/** The push as the export and upload machines want it, or null for any other event. */
export function exportPushOf(event: PushedEvent): ExportPush | null {
  if (event.aggregate_type !== 'export' || !PUSH_TYPES.includes(event.type)) return null;
  const payload = ExportUploadSchema.safeParse(event.payload);
  if (!payload.success) return null;
  return {
    type: event.type as ExportPush['type'],
    id: payload.data.id,
    status: payload.data.status,
    processed: payload.data.processed_rows,
    total: payload.data.total_rows,
    stage: payload.data.stage ?? null,
    datasetUrl: payload.data.dataset_url ?? null,
    reason: payload.data.reason ?? null,
  };
}
