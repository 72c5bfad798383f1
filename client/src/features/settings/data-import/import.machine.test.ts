import type { CsvImport } from '@platform/shared';
import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { ApiError } from '../../../api/errors';
import { targetOptions, type ImportField } from './import-mapping';
import { importMachine, progressOf, type ImportInput, type Uploaded } from './import.machine';

const FORM = 4;
const fields: ImportField[] = [
  { key: 'title', label: 'Title', type: 'title', required: true },
  { key: 'description', label: 'Description', type: 'description', required: true },
  { key: 'place', label: 'Place', type: 'point', required: true },
  { key: 'notes', label: 'Notes', type: 'varchar', required: false },
];
const options = targetOptions(fields, { title: 'Title', content: 'Description', lat: 'latitude', lon: 'longitude' });

const csvOf = (over: Partial<CsvImport> = {}): CsvImport => ({
  id: 9,
  url: '/api/v3/csv/9',
  user: { id: 1, url: '/api/v3/users/1' },
  columns: ['Headline', 'Body', 'Lat', 'Lon', 'State'],
  maps_to: null,
  fixed: { form: FORM },
  filename: 'reports.csv',
  mime: 'text/csv',
  size: 120,
  status: null,
  total: 100,
  processed: 0,
  errors: 0,
  collection_id: null,
  completed: false,
  created: '2026-11-26T10:00:00+00:00',
  updated: null,
  allowed_privileges: ['read', 'update', 'delete'],
  ...over,
});
const progress = (processed: number, errors: number, status: 'PENDING' | 'SUCCESS' | 'FAILED' | 'CANCELLED' = 'PENDING') =>
  progressOf(csvOf({ status, processed, errors, collection_id: 3 }));

type Fakes = {
  upload?: () => Promise<Uploaded>;
  start?: (input: { id: number; body: unknown }) => Promise<CsvImport>;
  read?: (input: { id: number | 'latest' }) => Promise<CsvImport | null>;
  cancel?: (input: { id: number }) => Promise<CsvImport>;
};

function run(fakes: Fakes = {}, input: ImportInput = {}) {
  const spies = {
    upload: vi.fn(fakes.upload ?? (() => Promise.resolve({ csv: csvOf(), fields, options }))),
    start: vi.fn(fakes.start ?? (() => Promise.resolve(csvOf({ status: 'PENDING', collection_id: 3 })))),
    read: vi.fn(fakes.read ?? (() => Promise.resolve(csvOf({ status: 'PENDING', collection_id: 3 })))),
    cancel: vi.fn(fakes.cancel ?? (() => Promise.resolve(csvOf({ status: 'CANCELLED', processed: 20, collection_id: 3 })))),
  };
  const machine = importMachine.provide({
    actors: {
      upload: fromPromise(() => spies.upload()),
      start: fromPromise(({ input }) => spies.start(input)),
      read: fromPromise(({ input }) => spies.read(input)),
      cancel: fromPromise(({ input }) => spies.cancel(input)),
    },
  });
  const actor = createActor(machine, { input }).start();
  return { actor, spies };
}

const file = new File(['Headline,Body\nA,B\n'], 'reports.csv', { type: 'text/csv' });

async function toMapping(fakes: Fakes = {}) {
  const started = run(fakes);
  started.actor.send({ type: 'SET_FILE', file });
  started.actor.send({ type: 'SET_FORM', formId: FORM });
  started.actor.send({ type: 'NEXT' });
  await waitFor(started.actor, (s) => s.matches('mapping'));
  return started;
}

/** A valid mapping: headline, body, lat, lon; status from the fifth column. */
function mapAll(actor: Awaited<ReturnType<typeof toMapping>>['actor']) {
  actor.send({ type: 'MAP', column: 0, target: 'title' });
  actor.send({ type: 'MAP', column: 1, target: 'content' });
  actor.send({ type: 'MAP', column: 2, target: 'place.lat' });
  actor.send({ type: 'MAP', column: 3, target: 'place.lon' });
}

async function toImporting(fakes: Fakes = {}) {
  const started = await toMapping(fakes);
  mapAll(started.actor);
  started.actor.send({ type: 'IMPORT' });
  await waitFor(started.actor, (s) => s.matches('importing'));
  return started;
}

describe('CSV import machine: step 1', () => {
  it('asks for a file, then for a survey, before uploading anything', async () => {
    const { actor, spies } = run();
    actor.send({ type: 'NEXT' });
    expect(actor.getSnapshot().context.problems).toEqual([{ code: 'file_missing' }]);
    actor.send({ type: 'SET_FILE', file });
    expect(actor.getSnapshot().context.problems).toEqual([]);
    actor.send({ type: 'NEXT' });
    expect(actor.getSnapshot().context.problems).toEqual([{ code: 'form_missing' }]);
    expect(actor.getSnapshot().value).toBe('upload');
    expect(spies.upload).not.toHaveBeenCalled();
    actor.send({ type: 'SET_FORM', formId: FORM });
    actor.send({ type: 'NEXT' });
    expect(actor.getSnapshot().value).toBe('uploading');
    await waitFor(actor, (s) => s.matches('mapping'));
    expect(actor.getSnapshot().context.mapping).toEqual([null, null, null, null, null]);
  });

  it('refuses a file over 10 MB before uploading it', () => {
    const { actor, spies } = run();
    actor.send({ type: 'SET_FILE', file: new File([new Uint8Array(10 * 1024 * 1024 + 1)], 'big.csv', { type: 'text/csv' }) });
    actor.send({ type: 'SET_FORM', formId: FORM });
    actor.send({ type: 'NEXT' });
    expect(actor.getSnapshot().context.problems).toEqual([{ code: 'file_too_large' }]);
    expect(actor.getSnapshot().value).toBe('upload');
    expect(spies.upload).not.toHaveBeenCalled();
  });

  it('stays on step 1 for a file without rows, and with the server refusal of a bad file', async () => {
    const empty = run({ upload: () => Promise.resolve({ csv: csvOf({ total: 0 }), fields, options }) });
    empty.actor.send({ type: 'SET_FILE', file });
    empty.actor.send({ type: 'SET_FORM', formId: FORM });
    empty.actor.send({ type: 'NEXT' });
    await waitFor(empty.actor, (s) => s.matches('upload') && s.context.problems.length > 0);
    expect(empty.actor.getSnapshot().context.problems).toEqual([{ code: 'empty_mapping_empty' }]);

    const refused = new ApiError(422, [{ status: 422, message: 'File type not supported. Please upload a .csv file.' }]);
    const bad = run({ upload: () => Promise.reject(refused) });
    bad.actor.send({ type: 'SET_FILE', file });
    bad.actor.send({ type: 'SET_FORM', formId: FORM });
    bad.actor.send({ type: 'NEXT' });
    await waitFor(bad.actor, (s) => s.matches('upload') && s.context.problems.length > 0);
    expect(bad.actor.getSnapshot().context.problems).toEqual([
      { code: 'server', messages: ['File type not supported. Please upload a .csv file.'] },
    ]);
  });
});

describe('CSV import machine: step 2', () => {
  it('refuses an empty mapping, duplicates, unmapped required fields and a missing status column', async () => {
    const { actor, spies } = await toMapping();
    actor.send({ type: 'IMPORT' });
    expect(actor.getSnapshot().context.problems).toEqual([{ code: 'no_mappings' }]);
    actor.send({ type: 'MAP', column: 0, target: 'title' });
    actor.send({ type: 'MAP', column: 1, target: 'title' });
    actor.send({ type: 'IMPORT' });
    expect(actor.getSnapshot().context.problems).toEqual([
      { code: 'duplicate_fields', fields: ['Title'] },
      { code: 'required_fields', fields: ['Description', 'Place'] },
    ]);
    mapAll(actor);
    // Half a location is not a location.
    actor.send({ type: 'MAP', column: 3, target: null });
    actor.send({ type: 'IMPORT' });
    expect(actor.getSnapshot().context.problems).toEqual([{ code: 'required_fields', fields: ['Place'] }]);
    actor.send({ type: 'MAP', column: 3, target: 'place.lon' });
    actor.send({ type: 'SET_STATUS', status: { mode: 'column', column: null } });
    actor.send({ type: 'IMPORT' });
    expect(actor.getSnapshot().context.problems).toEqual([{ code: 'status_column_missing' }]);
    // A column already mapped to a field cannot also be the status.
    actor.send({ type: 'SET_STATUS', status: { mode: 'column', column: 0 } });
    actor.send({ type: 'IMPORT' });
    expect(actor.getSnapshot().context.problems).toEqual([{ code: 'status_column_missing' }]);
    expect(actor.getSnapshot().matches({ mapping: 'editing' })).toBe(true);
    expect(spies.start).not.toHaveBeenCalled();

    actor.send({ type: 'SET_STATUS', status: { mode: 'column', column: 4 } });
    actor.send({ type: 'IMPORT' });
    expect(actor.getSnapshot().value).toBe('validating');
    await waitFor(actor, (s) => s.matches('importing'));
    expect(spies.start).toHaveBeenCalledWith({
      id: 9,
      body: { maps_to: ['title', 'content', 'place.lat', 'place.lon', 'status'], fixed: { form: FORM } },
    });
  });

  it('sends one status for all rows, and returns to step 2 with the server refusal', async () => {
    const refusal = new ApiError(422, [{ status: 422, message: 'Survey 4 does not exist' }]);
    const { actor, spies } = await toMapping({ start: () => Promise.reject(refusal) });
    mapAll(actor);
    actor.send({ type: 'SET_STATUS', status: { mode: 'all', status: 'draft' } });
    actor.send({ type: 'IMPORT' });
    await waitFor(actor, (s) => s.matches('mapping'));
    expect(spies.start.mock.calls[0]![0].body).toEqual({
      maps_to: ['title', 'content', 'place.lat', 'place.lon', null],
      fixed: { form: FORM, status: 'draft' },
    });
    expect(actor.getSnapshot().context.problems).toEqual([{ code: 'server', messages: ['Survey 4 does not exist'] }]);
  });

  it('cancelling asks first; confirmed, it deletes the upload and returns to step 1', async () => {
    const { actor, spies } = await toMapping();
    actor.send({ type: 'CANCEL' });
    expect(actor.getSnapshot().matches({ mapping: 'confirmingCancel' })).toBe(true);
    actor.send({ type: 'KEEP' });
    expect(actor.getSnapshot().matches({ mapping: 'editing' })).toBe(true);
    expect(spies.cancel).not.toHaveBeenCalled();
    actor.send({ type: 'CANCEL' });
    actor.send({ type: 'CONFIRM_CANCEL' });
    await waitFor(actor, (s) => s.matches('upload'));
    expect(spies.cancel).toHaveBeenCalledWith({ id: 9 });
    expect(actor.getSnapshot().context.csv).toBeNull();
  });
});

describe('CSV import machine: following the job', () => {
  it('shows each pushed progress, ignores other imports and stale events, and ends on completion', async () => {
    const { actor, spies } = await toImporting();
    expect(actor.getSnapshot().context.progress).toMatchObject({ processed: 0, errors: 0, total: 100 });
    actor.send({ type: 'PROGRESS', progress: progress(40, 2) });
    actor.send({ type: 'PROGRESS', progress: { ...progress(90, 9), id: 77 } });
    // A replayed older event does not move the bar back.
    actor.send({ type: 'PROGRESS', progress: progress(10, 0) });
    expect(actor.getSnapshot().context.progress).toMatchObject({ processed: 40, errors: 2 });
    actor.send({ type: 'PROGRESS', progress: progress(98, 2, 'SUCCESS') });
    expect(actor.getSnapshot().value).toBe('done');
    expect(actor.getSnapshot().context.progress).toMatchObject({ processed: 98, errors: 2, collection_id: 3 });
    expect(spies.read).not.toHaveBeenCalled();
    actor.send({ type: 'IMPORT_ANOTHER' });
    expect(actor.getSnapshot().value).toBe('upload');
    expect(actor.getSnapshot().context.importId).toBeNull();
  });

  it('a short file that ends before the POST answers lands on the completion it pushed', async () => {
    let answer!: (csv: CsvImport) => void;
    const { actor, spies } = await toMapping({ start: () => new Promise((resolve) => (answer = resolve)) });
    mapAll(actor);
    actor.send({ type: 'IMPORT' });
    await waitFor(actor, () => spies.start.mock.calls.length === 1);
    actor.send({ type: 'PROGRESS', progress: { ...progress(2, 0, 'SUCCESS'), id: 77 } });
    actor.send({ type: 'PROGRESS', progress: progress(1, 0) });
    actor.send({ type: 'PROGRESS', progress: progress(2, 0, 'SUCCESS') });
    // The answer says PENDING: it was written before the job ran.
    answer(csvOf({ status: 'PENDING', collection_id: 3 }));
    await waitFor(actor, (s) => s.matches('done'));
    expect(actor.getSnapshot().context.progress).toMatchObject({ id: 9, processed: 2, status: 'SUCCESS' });
  });

  it('ends in failed on import.failed', async () => {
    const { actor } = await toImporting();
    actor.send({ type: 'PROGRESS', progress: progress(10, 0, 'FAILED') });
    expect(actor.getSnapshot().value).toBe('failed');
  });

  it('a reconnection mid-import catches up with exactly one read of the import', async () => {
    let answer!: (csv: CsvImport) => void;
    const { actor, spies } = await toImporting({ read: () => new Promise((resolve) => (answer = resolve)) });
    actor.send({ type: 'PROGRESS', progress: progress(20, 0) });
    actor.send({ type: 'RECONNECTED' });
    expect(actor.getSnapshot().matches({ importing: 'catchingUp' })).toBe(true);
    // A second reconnection while the read runs does not read again.
    actor.send({ type: 'RECONNECTED' });
    answer(csvOf({ status: 'PENDING', processed: 61, errors: 1, collection_id: 3 }));
    await waitFor(actor, (s) => s.matches({ importing: 'following' }));
    expect(spies.read).toHaveBeenCalledTimes(1);
    expect(spies.read).toHaveBeenCalledWith({ id: 9 });
    expect(actor.getSnapshot().context.progress).toMatchObject({ processed: 61, errors: 1 });
  });

  it('a reconnection after the job ended meanwhile lands on the completion', async () => {
    const { actor } = await toImporting({
      read: () => Promise.resolve(csvOf({ status: 'SUCCESS', processed: 99, errors: 1, collection_id: 3 })),
    });
    actor.send({ type: 'RECONNECTED' });
    await waitFor(actor, (s) => s.matches('done'));
    expect(actor.getSnapshot().context.progress).toMatchObject({ processed: 99, errors: 1 });
  });

  it('cancelling a running import asks first, then ends in cancelled with what was written', async () => {
    const { actor, spies } = await toImporting();
    actor.send({ type: 'CANCEL' });
    expect(actor.getSnapshot().matches({ importing: 'confirmingCancel' })).toBe(true);
    // Progress still shows while the question is open.
    actor.send({ type: 'PROGRESS', progress: progress(15, 0) });
    expect(actor.getSnapshot().context.progress).toMatchObject({ processed: 15 });
    actor.send({ type: 'KEEP' });
    expect(actor.getSnapshot().matches({ importing: 'following' })).toBe(true);
    actor.send({ type: 'CANCEL' });
    actor.send({ type: 'CONFIRM_CANCEL' });
    await waitFor(actor, (s) => s.matches('cancelled'));
    expect(spies.cancel).toHaveBeenCalledWith({ id: 9 });
    expect(actor.getSnapshot().context.progress).toMatchObject({ status: 'CANCELLED', processed: 20 });
  });
});

describe('CSV import machine: the after-import page', () => {
  it('follows a running import from one read (a second administrator opening the page)', async () => {
    const { actor, spies } = run({}, { follow: 9 });
    await waitFor(actor, (s) => s.matches('importing'));
    expect(spies.read).toHaveBeenCalledWith({ id: 9 });
    actor.send({ type: 'PROGRESS', progress: progress(50, 0) });
    expect(actor.getSnapshot().context.progress).toMatchObject({ processed: 50 });
  });

  it('shows a finished import at once, and nothing when there is no started import', async () => {
    const finished = run(
      { read: () => Promise.resolve(csvOf({ status: 'SUCCESS', processed: 5, collection_id: 3 })) },
      { follow: 'latest' },
    );
    await waitFor(finished.actor, (s) => s.matches('done'));
    const none = run({ read: () => Promise.resolve(null) }, { follow: 'latest' });
    await waitFor(none.actor, (s) => s.matches('nothing'));
    const unstarted = run({ read: () => Promise.resolve(csvOf()) }, { follow: 'latest' });
    await waitFor(unstarted.actor, (s) => s.matches('nothing'));
  });
});
