import { CSV_MAX_BYTES, type CsvImport, type ImportProgress } from '@platform/shared';
import { assign, enqueueActions, fromPromise, raise, setup } from 'xstate';
import { mappingBody, mappingProblems, type ImportField, type ImportProblem, type StatusChoice, type TargetOption } from './import-mapping';

export type Uploaded = { csv: CsvImport; fields: ImportField[]; options: TargetOption[] };

export type ImportInput = {
  /** Follow an import already started (the after-import page): its id, or the newest import. */
  follow?: number | 'latest';
};

export type ImportContext = {
  file: File | null;
  formId: number | null;
  csv: CsvImport | null;
  fields: ImportField[];
  options: TargetOption[];
  /** One target (or null, "leave empty") per column of the file. */
  mapping: Array<string | null>;
  status: StatusChoice;
  problems: ImportProblem[];
  importId: number | null;
  progress: ImportProgress | null;
  follow: number | 'latest' | undefined;
};

export type ImportEvent =
  | { type: 'SET_FILE'; file: File | null }
  | { type: 'SET_FORM'; formId: number | null }
  /** Step 1 done: upload the file for the survey. */
  | { type: 'NEXT' }
  | { type: 'MAP'; column: number; target: string | null }
  | { type: 'SET_STATUS'; status: StatusChoice }
  /** Step 2 done: save the mapping and start. */
  | { type: 'IMPORT' }
  | { type: 'CANCEL' }
  | { type: 'CONFIRM_CANCEL' }
  | { type: 'KEEP' }
  /** An `import.*` event pushed over the socket (or replayed from the event log). */
  | { type: 'PROGRESS'; progress: ImportProgress }
  /** The socket is live again after a disconnection: one read catches up. */
  | { type: 'RECONNECTED' }
  | { type: 'IMPORT_ANOTHER' };

const messagesOf = (error: unknown): ImportProblem[] => {
  const errors = (error as { errors?: Array<{ message?: string }> } | null)?.errors;
  const messages = errors?.map((e) => e.message ?? '').filter(Boolean) ?? [];
  return [{ code: 'server', messages: messages.length > 0 ? messages : [error instanceof Error ? error.message : String(error)] }];
};

/** The progress the event payloads carry, from a whole import (a read after a reconnect). */
export const progressOf = (csv: CsvImport): ImportProgress => ({
  id: csv.id,
  status: csv.status ?? 'PENDING',
  processed: csv.processed,
  errors: csv.errors,
  total: csv.total,
  collection_id: csv.collection_id,
});

const rowsDone = (p: ImportProgress) => p.processed + p.errors;

const fresh = (follow: ImportInput['follow']): ImportContext => ({
  file: null,
  formId: null,
  csv: null,
  fields: [],
  options: [],
  mapping: [],
  status: { mode: 'all', status: 'published' },
  problems: [],
  importId: null,
  progress: null,
  follow,
});

/**
 * The CSV import flow (spec 3 sections 2, 4 and 5; issue 22 item 3): step 1 uploads the file for a
 * survey, step 2 maps its columns and chooses the status, `validating` saves the mapping and starts
 * the job, `importing` follows the job through pushed events (no polling; one read after a
 * reconnection), then `done`, `failed` or `cancelled`. Cancelling always asks first.
 */
export const importMachine = setup({
  types: {
    input: {} as ImportInput,
    context: {} as ImportContext,
    events: {} as ImportEvent,
  },
  actors: {
    upload: fromPromise<Uploaded, { file: File; formId: number }>(() => Promise.reject(new Error('upload is provided by the screen'))),
    /** PUT the mapping, then POST the import: answers the started import (PENDING). */
    start: fromPromise<CsvImport, { id: number; body: ReturnType<typeof mappingBody> }>(() =>
      Promise.reject(new Error('start is provided by the screen')),
    ),
    read: fromPromise<CsvImport | null, { id: number | 'latest' }>(() => Promise.reject(new Error('read is provided by the screen'))),
    cancel: fromPromise<CsvImport, { id: number }>(() => Promise.reject(new Error('cancel is provided by the screen'))),
  },
  guards: {
    noFile: ({ context }) => context.file === null,
    /** Over the server's limit (spec 3 section 9): said before the upload, not after it. */
    fileTooLarge: ({ context }) => (context.file?.size ?? 0) > CSV_MAX_BYTES,
    noForm: ({ context }) => context.formId === null,
    /** Every row of the file is empty: nothing to import. */
    fileWithoutRows: ({ event }) => (event as unknown as { output: Uploaded }).output.csv.total === 0,
    mappingInvalid: ({ context }) => mappingProblems(context.mapping, context.status, context.fields, context.options).length > 0,
    /** Nothing started to follow (no import yet, or the newest one is still being mapped). */
    nothingToFollow: ({ event }) => {
      const csv = (event as unknown as { output: CsvImport | null }).output;
      return csv === null || csv.status === null;
    },
    /** A pushed event about this import that is not older than what is shown. */
    advances: ({ context, event }) => {
      if (event.type !== 'PROGRESS' || event.progress.id !== context.importId) return false;
      return context.progress === null || event.progress.status !== 'PENDING' || rowsDone(event.progress) >= rowsDone(context.progress);
    },
    completes: ({ context, event }) =>
      event.type === 'PROGRESS' && event.progress.id === context.importId && event.progress.status === 'SUCCESS',
    fails: ({ context, event }) =>
      event.type === 'PROGRESS' && event.progress.id === context.importId && event.progress.status === 'FAILED',
    isCancelled: ({ context, event }) =>
      event.type === 'PROGRESS' && event.progress.id === context.importId && event.progress.status === 'CANCELLED',
  },
  actions: {
    takeProgress: assign({ progress: ({ event }) => (event as Extract<ImportEvent, { type: 'PROGRESS' }>).progress }),
  },
}).createMachine({
  id: 'dataImport',
  context: ({ input }) => fresh(input.follow),
  initial: 'start',
  states: {
    start: {
      always: [{ guard: ({ context }) => context.follow !== undefined, target: 'loading' }, { target: 'upload' }],
    },
    /** The after-import page: read the import once, then follow its events. */
    loading: {
      invoke: {
        src: 'read',
        input: ({ context }) => ({ id: context.follow! }),
        onDone: [
          { guard: 'nothingToFollow', target: 'nothing' },
          {
            target: 'importing',
            actions: [
              assign({ importId: ({ event }) => event.output!.id, csv: ({ event }) => event.output }),
              raise(({ event }) => ({ type: 'PROGRESS' as const, progress: progressOf(event.output!) })),
            ],
          },
        ],
        onError: { target: 'nothing', actions: assign({ problems: ({ event }) => messagesOf(event.error) }) },
      },
    },
    /** No started import to show. */
    nothing: { on: { IMPORT_ANOTHER: { target: 'upload', actions: assign(() => fresh(undefined)) } } },
    upload: {
      on: {
        SET_FILE: { actions: assign({ file: ({ event }) => event.file, problems: [] }) },
        SET_FORM: { actions: assign({ formId: ({ event }) => event.formId, problems: [] }) },
        NEXT: [
          { guard: 'noFile', actions: assign({ problems: [{ code: 'file_missing' }] }) },
          { guard: 'fileTooLarge', actions: assign({ problems: [{ code: 'file_too_large' }] }) },
          { guard: 'noForm', actions: assign({ problems: [{ code: 'form_missing' }] }) },
          { target: 'uploading', actions: assign({ problems: [] }) },
        ],
      },
    },
    uploading: {
      invoke: {
        src: 'upload',
        input: ({ context }) => ({ file: context.file!, formId: context.formId! }),
        onDone: [
          { guard: 'fileWithoutRows', target: 'upload', actions: assign({ problems: [{ code: 'empty_mapping_empty' }] }) },
          {
            target: 'mapping',
            actions: assign({
              csv: ({ event }) => event.output.csv,
              fields: ({ event }) => event.output.fields,
              options: ({ event }) => event.output.options,
              mapping: ({ event }) => event.output.csv.columns.map(() => null),
              problems: [],
            }),
          },
        ],
        onError: { target: 'upload', actions: assign({ problems: ({ event }) => messagesOf(event.error) }) },
      },
    },
    mapping: {
      initial: 'editing',
      states: {
        editing: {
          on: {
            MAP: {
              actions: assign({
                mapping: ({ context, event }) => context.mapping.map((t, i) => (i === event.column ? event.target || null : t)),
                problems: [],
              }),
            },
            SET_STATUS: { actions: assign({ status: ({ event }) => event.status, problems: [] }) },
            IMPORT: [
              {
                guard: 'mappingInvalid',
                actions: assign({
                  problems: ({ context }) => mappingProblems(context.mapping, context.status, context.fields, context.options),
                }),
              },
              { target: '#dataImport.validating', actions: assign({ problems: [] }) },
            ],
            CANCEL: 'confirmingCancel',
          },
        },
        confirmingCancel: { on: { KEEP: 'editing', CONFIRM_CANCEL: 'cancelling' } },
        /** Cancel before the start deletes the upload and returns to step 1. */
        cancelling: {
          invoke: {
            src: 'cancel',
            input: ({ context }) => ({ id: context.csv!.id }),
            onDone: { target: '#dataImport.upload', actions: assign(({ context }) => fresh(context.follow)) },
            onError: { target: 'editing', actions: assign({ problems: ({ event }) => messagesOf(event.error) }) },
          },
        },
      },
    },
    /** The server checks the mapping and starts the job; its refusals go back to step 2. */
    validating: {
      // The job may push its progress, even its end, before the POST's answer arrives (a short
      // file): what is heard meanwhile is kept, and the answer only counts if it is not older.
      entry: assign({ importId: ({ context }) => context.csv!.id, progress: null }),
      on: { PROGRESS: { guard: 'advances', actions: 'takeProgress' } },
      invoke: {
        src: 'start',
        input: ({ context }) => ({ id: context.csv!.id, body: mappingBody(context.mapping, context.status, context.formId!) }),
        onDone: {
          target: 'importing',
          actions: [
            assign({ csv: ({ event }) => event.output }),
            // The answer, then what was heard: `importing` takes each only if it is not older.
            enqueueActions(({ context, event, enqueue }) => {
              enqueue.raise({ type: 'PROGRESS', progress: progressOf(event.output) });
              if (context.progress) enqueue.raise({ type: 'PROGRESS', progress: context.progress });
            }),
          ],
        },
        onError: {
          target: 'mapping',
          actions: assign({ importId: null, progress: null, problems: ({ event }) => messagesOf(event.error) }),
        },
      },
    },
    importing: {
      initial: 'following',
      on: {
        PROGRESS: [
          { guard: 'completes', target: 'done', actions: 'takeProgress' },
          { guard: 'fails', target: 'failed', actions: 'takeProgress' },
          { guard: 'isCancelled', target: 'cancelled', actions: 'takeProgress' },
          { guard: 'advances', actions: 'takeProgress' },
        ],
      },
      states: {
        following: { on: { RECONNECTED: 'catchingUp', CANCEL: 'confirmingCancel' } },
        /** Events missed while offline are replayed, and this one read makes sure of where the job is. */
        catchingUp: {
          invoke: {
            src: 'read',
            input: ({ context }) => ({ id: context.importId! }),
            onDone: {
              target: 'following',
              actions: raise(({ event }) => ({ type: 'PROGRESS' as const, progress: progressOf(event.output!) })),
            },
            onError: 'following',
          },
          on: { CANCEL: 'confirmingCancel' },
        },
        confirmingCancel: { on: { KEEP: 'following', CONFIRM_CANCEL: 'cancelling' } },
        cancelling: {
          invoke: {
            src: 'cancel',
            input: ({ context }) => ({ id: context.importId! }),
            onDone: { actions: raise(({ event }) => ({ type: 'PROGRESS' as const, progress: progressOf(event.output) })) },
            // It may have ended meanwhile: its own event says how.
            onError: { target: 'following', actions: assign({ problems: ({ event }) => messagesOf(event.error) }) },
          },
        },
      },
    },
    done: { on: { IMPORT_ANOTHER: { target: 'upload', actions: assign(() => fresh(undefined)) } } },
    failed: { on: { IMPORT_ANOTHER: { target: 'upload', actions: assign(() => fresh(undefined)) } } },
    cancelled: { on: { IMPORT_ANOTHER: { target: 'upload', actions: assign(() => fresh(undefined)) } } },
  },
});
