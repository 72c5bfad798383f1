import type { ExportJob, ExportStatus, HxlMetadata, HxlMetadataBody, HxlUploadStage, PushedEvent } from '@platform/shared';
import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { exportPushOf, type ExportPush } from '../data-export/export-push';
import { applyPush, phaseOf, uploadMachine, viewOfRead } from './upload.machine';

const JOB = 52;

const job = (status: ExportStatus, processed = 0): ExportJob => ({
  id: JOB,
  entity_type: 'post',
  user: { id: 1, url: '/api/v3/users/1' },
  fields: null,
  filters: {},
  status,
  url: null,
  url_expiration: null,
  header_row: null,
  include_hxl: true,
  hxl_heading_row: null,
  send_to_browser: false,
  send_to_hdx: true,
  hxl_meta_data_id: null,
  format: 'csv',
  total_batches: null,
  total_rows: 10,
  processed_rows: processed,
  created: '2026-01-01T00:00:00+00:00',
  updated: null,
  allowed_privileges: ['read'],
});

const metadata = (extra: Partial<HxlMetadata> = {}): HxlMetadata => ({
  id: 3,
  url: '/api/v3/hxl/metadata/3',
  export_job_id: JOB,
  user_id: 1,
  organisation_id: 'org-relief',
  organisation_name: 'Relief Org',
  dataset_title: 'Floods',
  source: 'Reporters',
  license_id: 1,
  private: true,
  description: null,
  upload_stage: null,
  dataset_url: null,
  upload_error: null,
  created: '2026-01-01T00:00:00+00:00',
  updated: null,
  allowed_privileges: ['read'],
  ...extra,
});

const push = (type: ExportPush['type'], status: ExportStatus, extra: Partial<ExportPush> = {}): ExportPush => ({
  type,
  id: JOB,
  status,
  processed: 10,
  total: 10,
  stage: null,
  datasetUrl: null,
  reason: null,
  ...extra,
});

const body: HxlMetadataBody = {
  export_job_id: JOB,
  organisation_id: 'org-relief',
  dataset_title: 'Floods',
  source: 'Reporters',
  license_id: 1,
  private: true,
};

function start(reads: Array<{ job: ExportJob; metadata: HxlMetadata | null }>) {
  let answer!: (value: { job: ExportJob; metadata: HxlMetadata | null }) => void;
  const pending = () => new Promise<{ job: ExportJob; metadata: HxlMetadata | null }>((resolve) => (answer = resolve));
  const readSpy = vi.fn(() => {
    const next = reads.shift();
    return next ? Promise.resolve(next) : pending();
  });
  const saveSpy = vi.fn((input: HxlMetadataBody) =>
    Promise.resolve(metadata({ export_job_id: input.export_job_id, upload_stage: 'queued' })),
  );
  const machine = uploadMachine.provide({
    actors: { read: fromPromise(() => readSpy()), save: fromPromise(({ input }) => saveSpy(input)) },
  });
  const actor = createActor(machine, { input: { jobId: JOB } }).start();
  return { actor, readSpy, saveSpy, answer: (value: { job: ExportJob; metadata: HxlMetadata | null }) => answer(value) };
}

const phase = (actor: ReturnType<typeof start>['actor']) => {
  const view = actor.getSnapshot().context.view;
  return view ? phaseOf(view) : null;
};

describe('the exchange upload machine', () => {
  it('reads once, takes the metadata, then follows the pushed stages to the dataset link without another read', async () => {
    const { actor, readSpy, saveSpy } = start([{ job: job('PENDING_HDX', 10), metadata: null }]);
    await waitFor(actor, (s) => s.matches('following'));
    expect(phase(actor)).toBe('describing');

    actor.send({ type: 'SAVE', body });
    await waitFor(actor, (s) => s.matches('following'));
    expect(saveSpy).toHaveBeenCalledWith(body);
    expect(actor.getSnapshot().context.view?.stage).toBe('queued');
    expect(phase(actor)).toBe('uploading');

    for (const stage of ['dataset', 'file'] as HxlUploadStage[]) {
      actor.send({
        type: 'PUSHED',
        push: push('export.upload_progressed', 'PENDING_HDX', { stage, datasetUrl: 'http://ckan/dataset/floods' }),
      });
      expect(actor.getSnapshot().context.view?.stage).toBe(stage);
    }
    actor.send({ type: 'PUSHED', push: push('export.completed', 'EXPORTED_TO_CDN', { datasetUrl: 'http://ckan/dataset/floods' }) });
    expect(phase(actor)).toBe('done');
    expect(actor.getSnapshot().context.view?.datasetUrl).toBe('http://ckan/dataset/floods');
    expect(readSpy).toHaveBeenCalledTimes(1);
  });

  it('opened mid-upload, starts at the stage its read says and applies the pushes heard while reading', async () => {
    const { actor, answer, readSpy } = start([]);
    await vi.waitFor(() => expect(readSpy).toHaveBeenCalled());
    actor.send({ type: 'PUSHED', push: push('export.upload_progressed', 'PENDING_HDX', { stage: 'file', datasetUrl: 'http://ckan/d' }) });
    // Another export's push is not this page's.
    actor.send({ type: 'PUSHED', push: push('export.failed', 'FAILED', { id: JOB + 1, reason: 'other' }) });
    answer({ job: job('PENDING_HDX', 10), metadata: metadata({ upload_stage: 'dataset' }) });
    await waitFor(actor, (s) => s.matches('following'));
    expect(actor.getSnapshot().context.view).toMatchObject({ stage: 'file', datasetUrl: 'http://ckan/d', status: 'PENDING_HDX' });
    expect(phase(actor)).toBe('uploading');
    // A stale push (already in the read) does not move it back.
    actor.send({ type: 'PUSHED', push: push('export.upload_progressed', 'PENDING_HDX', { stage: 'queued' }) });
    expect(actor.getSnapshot().context.view?.stage).toBe('file');
  });

  it('ends failed with the exchange answer, and a later push changes nothing', async () => {
    const { actor } = start([{ job: job('PENDING_HDX', 10), metadata: metadata({ upload_stage: 'dataset' }) }]);
    await waitFor(actor, (s) => s.matches('following'));
    actor.send({ type: 'PUSHED', push: push('export.failed', 'FAILED', { reason: 'package_create: Authorization Error' }) });
    expect(phase(actor)).toBe('failed');
    expect(actor.getSnapshot().context.view?.reason).toBe('package_create: Authorization Error');
    actor.send({ type: 'PUSHED', push: push('export.completed', 'EXPORTED_TO_CDN') });
    expect(phase(actor)).toBe('failed');
  });

  it('after a reconnect reads once more and takes the end it missed', async () => {
    const { actor, readSpy } = start([
      { job: job('PENDING_HDX', 10), metadata: metadata({ upload_stage: 'file' }) },
      { job: job('EXPORTED_TO_CDN', 10), metadata: metadata({ dataset_url: 'http://ckan/dataset/x' }) },
    ]);
    await waitFor(actor, (s) => s.matches('following'));
    expect(phase(actor)).toBe('uploading');
    actor.send({ type: 'RECONNECTED' });
    await waitFor(actor, (s) => s.matches('following'));
    expect(readSpy).toHaveBeenCalledTimes(2);
    expect(phase(actor)).toBe('done');
    expect(actor.getSnapshot().context.view?.datasetUrl).toBe('http://ckan/dataset/x');
  });

  it('follows the file being written before anything is asked, and refuses to save once the upload runs', async () => {
    const { actor, saveSpy } = start([{ job: job('QUEUED', 2), metadata: null }]);
    await waitFor(actor, (s) => s.matches('following'));
    actor.send({ type: 'PUSHED', push: push('export.progressed', 'QUEUED', { processed: 6 }) });
    expect(actor.getSnapshot().context.view).toMatchObject({ processed: 6, status: 'QUEUED', stage: null });
    actor.send({ type: 'PUSHED', push: push('export.upload_progressed', 'QUEUED', { stage: 'queued' }) });
    actor.send({ type: 'SAVE', body });
    expect(actor.getSnapshot().matches('following')).toBe(true);
    expect(saveSpy).not.toHaveBeenCalled();
    actor.send({ type: 'PUSHED', push: push('export.cancelled', 'QUEUED') });
    expect(phase(actor)).toBe('gone');
  });

  it('shows why the export could not be read', async () => {
    const machine = uploadMachine.provide({
      actors: { read: fromPromise(() => Promise.reject(new Error('export_job 52 not found'))) },
    });
    const actor = createActor(machine, { input: { jobId: JOB } }).start();
    await waitFor(actor, (s) => s.matches('unreadable'));
    expect(actor.getSnapshot().context.error).toBe('export_job 52 not found');
  });
});

describe('exportPushOf and the view', () => {
  it('reads an export event with its upload fields and ignores other events', () => {
    const event = (type: string, payload: Record<string, unknown>): PushedEvent =>
      ({ id: 1, type, aggregate_type: 'export', aggregate_id: String(JOB), payload, created: '' }) as unknown as PushedEvent;
    const base = { id: JOB, user_id: 1, status: 'PENDING_HDX', processed_rows: 4, total_rows: 4 };
    expect(exportPushOf(event('export.upload_progressed', { ...base, stage: 'file', dataset_url: 'http://d' }))).toMatchObject({
      type: 'export.upload_progressed',
      stage: 'file',
      datasetUrl: 'http://d',
    });
    expect(exportPushOf(event('export.failed', { ...base, status: 'FAILED', reason: 'no' }))).toMatchObject({ reason: 'no' });
    expect(exportPushOf(event('post.created', base))).toBeNull();
    expect(exportPushOf(event('export.upload_progressed', { id: 'x' }))).toBeNull();
  });

  it('moves only forward', () => {
    const view = viewOfRead(job('PENDING_HDX', 10), metadata({ upload_stage: 'file' }));
    expect(applyPush(view, push('export.progressed', 'QUEUED', { processed: 3 }))).toMatchObject({ status: 'PENDING_HDX', processed: 10 });
  });
});
