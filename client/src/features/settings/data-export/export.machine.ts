import type { ExportJob, ExportStatus } from '@platform/shared';
import { assign, fromPromise, setup } from 'xstate';
import type { ExportRequest } from '../../../api/endpoints/exports';
import type { ExportPush } from './export-push';

export type ExportContext = {
  jobId: number | null;
  processed: number;
  total: number | null;
  /** The signed download link, once the file is ready. */
  url: string | null;
  error: string | null;
  /** Pushes heard while the job's id was not known yet: a short export may end before its POST answers. */
  early: ExportPush[];
};

export type ExportEvent =
  | { type: 'START'; request: ExportRequest }
  | { type: 'PUSHED'; push: ExportPush }
  /** The socket is live again after a drop: one catch-up read of the job. */
  | { type: 'RECONNECTED' }
  | { type: 'CANCEL' }
  | { type: 'RESET' };

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));
const earlyOf = (context: ExportContext, type: ExportPush['type']) => context.early.some((p) => p.id === context.jobId && p.type === type);
const FINISHED: readonly ExportStatus[] = ['SUCCESS', 'EXPORTED_TO_CDN', 'PENDING_HDX'];

/**
 * One export followed live (spec 3 sections 4 and 8, issue 22 item 6): requesting, running with
 * progress from pushed `export.*` events, ready with the download link, failed or cancelled. It
 * never polls: the only read besides the start is one catch-up after a reconnect (the events
 * missed meanwhile may have ended the job), and one read of the finished job for its signed `url`.
 */
export const exportMachine = setup({
  types: { context: {} as ExportContext, events: {} as ExportEvent },
  actors: {
    create: fromPromise<ExportJob, ExportRequest>(() => Promise.reject(new Error('create is provided by DataExport'))),
    read: fromPromise<ExportJob, { id: number }>(() => Promise.reject(new Error('read is provided by DataExport'))),
    cancel: fromPromise<unknown, { id: number }>(() => Promise.reject(new Error('cancel is provided by DataExport'))),
  },
  guards: {
    isThisJob: ({ context, event }) => event.type === 'PUSHED' && event.push.id === context.jobId,
    pushEnds: ({ context, event }) => event.type === 'PUSHED' && event.push.id === context.jobId && event.push.type === 'export.completed',
    pushFails: ({ context, event }) => event.type === 'PUSHED' && event.push.id === context.jobId && event.push.type === 'export.failed',
    pushCancels: ({ context, event }) =>
      event.type === 'PUSHED' && event.push.id === context.jobId && event.push.type === 'export.cancelled',
  },
  actions: {
    takeProgress: assign(({ event }) =>
      event.type === 'PUSHED' ? { processed: event.push.processed, total: event.push.total ?? null } : {},
    ),
  },
}).createMachine({
  id: 'export',
  context: { jobId: null, processed: 0, total: null, url: null, error: null, early: [] },
  initial: 'idle',
  states: {
    idle: { on: { START: 'requesting' } },
    requesting: {
      entry: assign({ jobId: null, processed: 0, total: null, url: null, error: null, early: [] }),
      invoke: {
        src: 'create',
        input: ({ event }) => (event as Extract<ExportEvent, { type: 'START' }>).request,
        onDone: { target: 'replaying', actions: assign({ jobId: ({ event }) => event.output.id }) },
        onError: { target: 'failed', actions: assign({ error: ({ event }) => messageOf(event.error) }) },
      },
      on: { PUSHED: { actions: assign({ early: ({ context, event }) => [...context.early, event.push] }) } },
    },
    /** The pushes that came before the answer, for this job, as if they came now. */
    replaying: {
      entry: assign(({ context }) => {
        const last = context.early.filter((p) => p.id === context.jobId).at(-1);
        return last ? { processed: last.processed, total: last.total } : {};
      }),
      always: [
        { guard: ({ context }) => earlyOf(context, 'export.completed'), target: 'fetchingResult' },
        { guard: ({ context }) => earlyOf(context, 'export.failed'), target: 'failed' },
        { guard: ({ context }) => earlyOf(context, 'export.cancelled'), target: 'cancelled' },
        { target: 'running' },
      ],
      exit: assign({ early: [] }),
    },
    running: {
      on: {
        PUSHED: [
          { guard: 'pushEnds', target: 'fetchingResult', actions: 'takeProgress' },
          { guard: 'pushFails', target: 'failed', actions: 'takeProgress' },
          { guard: 'pushCancels', target: 'cancelled' },
          { guard: 'isThisJob', actions: 'takeProgress' },
        ],
        RECONNECTED: 'catchingUp',
        CANCEL: 'cancelling',
      },
    },
    /** After a reconnect: where the job is now, read once. */
    catchingUp: {
      invoke: {
        src: 'read',
        input: ({ context }) => ({ id: context.jobId! }),
        onDone: [
          {
            guard: ({ event }) => FINISHED.includes(event.output.status),
            target: 'ready',
            actions: assign({ url: ({ event }) => event.output.url, processed: ({ event }) => event.output.processed_rows }),
          },
          { guard: ({ event }) => event.output.status === 'FAILED', target: 'failed' },
          {
            target: 'running',
            actions: assign({ processed: ({ event }) => event.output.processed_rows, total: ({ event }) => event.output.total_rows }),
          },
        ],
        // Gone while the socket was down: someone cancelled it.
        onError: 'cancelled',
      },
      on: { PUSHED: { guard: 'isThisJob', actions: 'takeProgress' } },
    },
    fetchingResult: {
      invoke: {
        src: 'read',
        input: ({ context }) => ({ id: context.jobId! }),
        // The job as stored says how many rows the file holds, whichever pushes were heard.
        onDone: {
          target: 'ready',
          actions: assign({
            url: ({ event }) => event.output.url,
            processed: ({ event }) => event.output.processed_rows,
            total: ({ event }) => event.output.total_rows,
          }),
        },
        onError: { target: 'failed', actions: assign({ error: ({ event }) => messageOf(event.error) }) },
      },
    },
    cancelling: {
      invoke: {
        src: 'cancel',
        input: ({ context }) => ({ id: context.jobId! }),
        onDone: 'cancelled',
        onError: { target: 'running', actions: assign({ error: ({ event }) => messageOf(event.error) }) },
      },
    },
    ready: { on: { START: 'requesting', RESET: 'idle' } },
    failed: { on: { START: 'requesting', RESET: 'idle' } },
    cancelled: { on: { START: 'requesting', RESET: 'idle' } },
  },
});
