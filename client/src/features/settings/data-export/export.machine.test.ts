import type { ExportJob, ExportStatus, PushedEvent } from '@platform/shared';
import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { ExportRequest } from '../../../api/endpoints/exports';
import { ApiError } from '../../../api/errors';
import { exportPushOf, type ExportPush } from './export-push';
import { exportMachine } from './export.machine';

const JOB = 41;
const request: ExportRequest = { fields: null, filters: {}, format: 'csv', include_hxl: false, hxl_heading_row: null };

const job = (status: ExportStatus, extra: Partial<ExportJob> = {}): ExportJob => ({
  id: JOB,
  entity_type: 'post',
  user: { id: 1, url: '/api/v3/users/1' },
  fields: null,
  filters: {},
  status,
  url: status === 'SUCCESS' ? 'http://x/api/v3/exports/jobs/41/file?expires=1&signature=s' : null,
  url_expiration: null,
  header_row: null,
  include_hxl: false,
  hxl_heading_row: null,
  send_to_browser: true,
  send_to_hdx: false,
  hxl_meta_data_id: null,
  format: 'csv',
  total_batches: null,
  total_rows: 100,
  processed_rows: 0,
  created: '2026-01-01T00:00:00+00:00',
  updated: null,
  allowed_privileges: ['read', 'delete'],
  ...extra,
});

const push = (type: ExportPush['type'], status: ExportStatus, processed: number, id = JOB): ExportPush => ({
  type,
  id,
  status,
  processed,
  total: 100,
  stage: null,
  datasetUrl: null,
  reason: null,
});

function start(read: () => Promise<ExportJob> = () => Promise.resolve(job('SUCCESS', { processed_rows: 100 }))) {
  let answer!: (value: ExportJob) => void;
  const created = new Promise<ExportJob>((resolve) => (answer = resolve));
  const createSpy = vi.fn(() => created);
  const readSpy = vi.fn(read);
  const cancelSpy = vi.fn((): Promise<unknown> => Promise.resolve(job('QUEUED')));
  const machine = exportMachine.provide({
    actors: {
      create: fromPromise(() => createSpy()),
      read: fromPromise(() => readSpy()),
      cancel: fromPromise(() => cancelSpy()),
    },
  });
  const actor = createActor(machine).start();
  return { actor, answer: () => answer(job('PENDING')), createSpy, readSpy, cancelSpy };
}

describe('export machine', () => {
  it('requests, follows pushed progress, reads the finished job once for its link', async () => {
    const { actor, answer, readSpy } = start();
    actor.send({ type: 'START', request });
    expect(actor.getSnapshot().matches('requesting')).toBe(true);
    answer();
    await waitFor(actor, (s) => s.matches('running'));
    actor.send({ type: 'PUSHED', push: push('export.progressed', 'QUEUED', 40) });
    // Another job's progress is not this one's.
    actor.send({ type: 'PUSHED', push: push('export.progressed', 'QUEUED', 99, 7) });
    expect(actor.getSnapshot().context).toMatchObject({ processed: 40, total: 100 });
    expect(readSpy).not.toHaveBeenCalled();
    actor.send({ type: 'PUSHED', push: push('export.completed', 'SUCCESS', 100) });
    await waitFor(actor, (s) => s.matches('ready'));
    expect(actor.getSnapshot().context.url).toMatch(/signature=/);
    expect(readSpy).toHaveBeenCalledTimes(1);
  });

  it('keeps pushes that arrive before the POST answers: a short export may end first', async () => {
    const { actor, answer } = start();
    actor.send({ type: 'START', request });
    actor.send({ type: 'PUSHED', push: push('export.progressed', 'QUEUED', 100) });
    actor.send({ type: 'PUSHED', push: push('export.completed', 'SUCCESS', 100) });
    answer();
    await waitFor(actor, (s) => s.matches('ready'));
    // The count shown is the finished job's, not the nothing heard while the POST was on its way.
    expect(actor.getSnapshot().context).toMatchObject({ processed: 100, total: 100, early: [] });
  });

  it('an export that failed before the POST answered shows how far it got', async () => {
    const { actor, answer } = start();
    actor.send({ type: 'START', request });
    actor.send({ type: 'PUSHED', push: push('export.progressed', 'QUEUED', 30) });
    actor.send({ type: 'PUSHED', push: push('export.failed', 'FAILED', 30) });
    answer();
    await waitFor(actor, (s) => s.matches('failed'));
    expect(actor.getSnapshot().context).toMatchObject({ processed: 30, total: 100 });
  });

  it('catches up with one read after a reconnect mid-job: the job ended while the socket was down', async () => {
    const { actor, answer, readSpy } = start();
    actor.send({ type: 'START', request });
    answer();
    await waitFor(actor, (s) => s.matches('running'));
    actor.send({ type: 'PUSHED', push: push('export.progressed', 'QUEUED', 20) });
    actor.send({ type: 'RECONNECTED' });
    await waitFor(actor, (s) => s.matches('ready'));
    expect(readSpy).toHaveBeenCalledTimes(1);
    expect(actor.getSnapshot().context.processed).toBe(100);
  });

  it('after a reconnect to a job still running, goes on following pushes without polling', async () => {
    const { actor, answer, readSpy } = start(() => Promise.resolve(job('QUEUED', { processed_rows: 60 })));
    actor.send({ type: 'START', request });
    answer();
    await waitFor(actor, (s) => s.matches('running'));
    actor.send({ type: 'RECONNECTED' });
    await waitFor(actor, (s) => s.matches('running') && s.context.processed === 60);
    expect(readSpy).toHaveBeenCalledTimes(1);
    actor.send({ type: 'PUSHED', push: push('export.failed', 'FAILED', 60) });
    await waitFor(actor, (s) => s.matches('failed'));
    expect(readSpy).toHaveBeenCalledTimes(1);
  });

  it('a reconnect finding the job gone ends cancelled; cancel deletes the job', async () => {
    const gone = start(() => Promise.reject(new ApiError(404, [{ status: 404, message: 'Could not find export_job' }])));
    gone.actor.send({ type: 'START', request });
    gone.answer();
    await waitFor(gone.actor, (s) => s.matches('running'));
    gone.actor.send({ type: 'RECONNECTED' });
    await waitFor(gone.actor, (s) => s.matches('cancelled'));

    const { actor, answer, cancelSpy } = start();
    actor.send({ type: 'START', request });
    answer();
    await waitFor(actor, (s) => s.matches('running'));
    actor.send({ type: 'CANCEL' });
    await waitFor(actor, (s) => s.matches('cancelled'));
    expect(cancelSpy).toHaveBeenCalledTimes(1);
    actor.send({ type: 'RESET' });
    expect(actor.getSnapshot().matches('idle')).toBe(true);
  });

  it('reads pushed events of exports only', () => {
    const event = (type: string, aggregate: string): PushedEvent =>
      ({
        id: 1,
        type,
        aggregate_type: aggregate,
        aggregate_id: '41',
        actor_id: 1,
        payload: { id: 41, user_id: 1, status: 'QUEUED', processed_rows: 5, total_rows: 10 },
        created_at: '',
      }) as PushedEvent;
    expect(exportPushOf(event('export.progressed', 'export'))).toEqual({
      type: 'export.progressed',
      id: 41,
      status: 'QUEUED',
      processed: 5,
      total: 10,
      stage: null,
      datasetUrl: null,
      reason: null,
    });
    expect(exportPushOf(event('import.progressed', 'import'))).toBeNull();
  });
});
