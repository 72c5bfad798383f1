import type { ExportJob, ExportStatus, HxlMetadata, HxlMetadataBody, HxlUploadStage } from '@platform/shared';
import { assign, fromPromise, setup } from 'xstate';
import type { ExportPush } from '../data-export/export-push';

/** Where the export and its upload are, as the page shows them: what its pushes carry, and whether it was cancelled (deleted). */
export type UploadView = Omit<ExportPush, 'type' | 'id'> & { gone: boolean };

/** What the page shows: the metadata form, the upload under way, its end, or a cancelled export. */
export type UploadPhase = 'describing' | 'uploading' | 'done' | 'failed' | 'gone';

export function phaseOf(view: UploadView): UploadPhase {
  if (view.gone) return 'gone';
  if (view.status === 'EXPORTED_TO_CDN') return 'done';
  if (view.status === 'FAILED') return 'failed';
  return view.stage ? 'uploading' : 'describing';
}

const STATUS_RANK: Record<ExportStatus, number> = { PENDING: 0, QUEUED: 1, PENDING_HDX: 2, SUCCESS: 2, EXPORTED_TO_CDN: 3, FAILED: 3 };
const STAGE_RANK: Record<HxlUploadStage, number> = { queued: 0, dataset: 1, file: 2 };
const laterStage = (a: HxlUploadStage | null, b: HxlUploadStage | null) => (!a ? b : !b ? a : STAGE_RANK[b] > STAGE_RANK[a] ? b : a);

/** The view from one read of the export and its metadata (at opening, or after a reconnect). */
export function viewOfRead(job: ExportJob, metadata: HxlMetadata | null): UploadView {
  return {
    status: job.status,
    processed: job.processed_rows,
    total: job.total_rows,
    stage: metadata?.upload_stage ?? null,
    datasetUrl: metadata?.dataset_url ?? null,
    reason: metadata?.upload_error ?? null,
    gone: false,
  };
}

/**
 * The view after a push. It only ever moves forward (a push already reflected in the read that
 * opened the page changes nothing), and an ended upload stays as it ended.
 */
export function applyPush(view: UploadView, push: ExportPush): UploadView {
  const phase = phaseOf(view);
  if (phase === 'done' || phase === 'failed' || phase === 'gone') return view;
  if (push.type === 'export.cancelled') return { ...view, gone: true };
  const status = STATUS_RANK[push.status] >= STATUS_RANK[view.status] ? push.status : view.status;
  const next: UploadView = {
    ...view,
    status,
    processed: Math.max(view.processed, push.processed),
    total: push.total ?? view.total,
    datasetUrl: push.datasetUrl ?? view.datasetUrl,
  };
  if (push.type === 'export.upload_progressed') next.stage = laterStage(view.stage, push.stage);
  if (push.type === 'export.failed') return { ...next, status: 'FAILED', reason: push.reason ?? view.reason };
  return next;
}

export type UploadContext = {
  jobId: number;
  view: UploadView | null;
  /** Pushes heard while reading: applied once the read answers. */
  early: ExportPush[];
  /** Why the export could not be read, or why saving the metadata failed. */
  error: string | null;
};

export type UploadEvent =
  | { type: 'PUSHED'; push: ExportPush }
  /** The socket is live again after a drop: one catch-up read. */
  | { type: 'RECONNECTED' }
  | { type: 'SAVE'; body: HxlMetadataBody };

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * One export's upload to the humanitarian data exchange, followed live (issue 22 item 5): one read
 * of the export and its metadata when the page opens (a page opened mid-upload starts where the
 * upload is), then pushed `export.*` events; saving the metadata asks for the upload. It never
 * polls: the only other read is one catch-up after a reconnect.
 */
export const uploadMachine = setup({
  types: { context: {} as UploadContext, events: {} as UploadEvent, input: {} as { jobId: number } },
  actors: {
    read: fromPromise<{ job: ExportJob; metadata: HxlMetadata | null }, { id: number }>(() =>
      Promise.reject(new Error('read is provided by the page')),
    ),
    save: fromPromise<HxlMetadata, HxlMetadataBody>(() => Promise.reject(new Error('save is provided by the page'))),
  },
  guards: {
    isThisJob: ({ context, event }) => event.type === 'PUSHED' && event.push.id === context.jobId,
    canSave: ({ context }) => context.view !== null && phaseOf(context.view) === 'describing',
  },
  actions: {
    follow: assign({
      view: ({ context, event }) => (event.type === 'PUSHED' && context.view ? applyPush(context.view, event.push) : context.view),
    }),
  },
}).createMachine({
  id: 'exchange-upload',
  context: ({ input }) => ({ jobId: input.jobId, view: null, early: [], error: null }),
  initial: 'reading',
  states: {
    reading: {
      entry: assign({ early: [] }),
      invoke: {
        src: 'read',
        input: ({ context }) => ({ id: context.jobId }),
        onDone: {
          target: 'following',
          actions: assign(({ context, event }) => ({
            view: context.early.reduce(applyPush, viewOfRead(event.output.job, event.output.metadata)),
            early: [],
            error: null,
          })),
        },
        onError: { target: 'unreadable', actions: assign({ error: ({ event }) => messageOf(event.error) }) },
      },
      on: { PUSHED: { guard: 'isThisJob', actions: assign({ early: ({ context, event }) => [...context.early, event.push] }) } },
    },
    following: {
      on: {
        PUSHED: { guard: 'isThisJob', actions: 'follow' },
        RECONNECTED: 'reading',
        SAVE: { guard: 'canSave', target: 'saving' },
      },
    },
    saving: {
      entry: assign({ error: null }),
      invoke: {
        src: 'save',
        input: ({ event }) => (event as Extract<UploadEvent, { type: 'SAVE' }>).body,
        onDone: {
          target: 'following',
          // Asked for: queued, unless its pushes already said more.
          actions: assign({
            view: ({ context, event }) =>
              context.view && { ...context.view, stage: laterStage(context.view.stage, event.output.upload_stage ?? 'queued') },
          }),
        },
        onError: { target: 'following', actions: assign({ error: ({ event }) => messageOf(event.error) }) },
      },
      on: { PUSHED: { guard: 'isThisJob', actions: 'follow' } },
    },
    unreadable: { on: { RECONNECTED: 'reading' } },
  },
});
