import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importSurvey } from './helpers/csv';
import { downloadCsv, insertManyPosts, ofExport, startExport, waitForExport } from './helpers/exports';
import { adminToken, createRole, createUser, tokenFor, unique, type TestUser } from './helpers/factories';
import { createPost, postBody } from './helpers/posts';
import { startTestServer, type TestServer } from './helpers/server';
import { connectSocket, type TestSocket } from './helpers/sockets';
import { expectField, expectStatus } from './helpers/surveys';

let server: TestServer & { stop: () => Promise<void> };
let admin: string;
let exporter: TestUser;
let manager: TestUser;
let member: TestUser;
let client: string;
let socket: TestSocket;
let survey: Awaited<ReturnType<typeof importSurvey>>;
const marker = unique('Exp');

beforeAll(async () => {
  // Small batches: many progress events, and a cancel lands mid-run.
  server = await startTestServer({ configure: (config) => (config.exports = { batchRows: 10, leaseSeconds: 30, urlTtlSeconds: 3600 }) });
  admin = await adminToken(server);
  exporter = await createUser(server, { role: await createRole(server, ['Bulk Data Import and Export']) });
  manager = await createUser(server, { role: await createRole(server, ['Manage Posts']) });
  member = await createUser(server);
  client = await tokenFor(server, null);
  survey = await importSurvey(server, admin);
  socket = await connectSocket(server.url, { token: admin });
  const values = (text: string) => ({
    [survey.text.key]: [text],
    [survey.location.key]: [{ lat: 1.25, lon: 36.5 }],
    [survey.needs.key]: ['water', 'food'],
  });
  // Published (everyone), the admin's draft (managers only), the exporter's own draft (theirs), archived (managers).
  await createPost(server, admin, postBody(survey.form.id, { title: `${marker} published`, status: 'published', values: values('=1+2') }));
  await createPost(server, admin, postBody(survey.form.id, { title: `${marker} admin draft`, status: 'draft', values: values('-cmd') }));
  await createPost(
    server,
    exporter.token,
    postBody(survey.form.id, { title: `${marker} exporter draft`, status: 'draft', values: values('@SUM(A1)') }),
  );
  await createPost(server, admin, postBody(survey.form.id, { title: `${marker} archived`, status: 'archived', values: values('plain') }));
});

afterAll(async () => {
  socket?.close();
  await server?.close();
});

const mine = { q: marker };

describe('POST /exports/jobs', () => {
  it('refuses callers without the export privilege: 401 without a token, 403 for members and anonymous clients', async () => {
    const body = { entity_type: 'post', send_to_browser: true, send_to_hdx: false };
    expect((await server.api.post('/exports/jobs', body)).status).toBe(401);
    expect((await server.api.post('/exports/jobs', body, { token: client })).status).toBe(403);
    expect((await server.api.post('/exports/jobs', body, { token: member.token })).status).toBe(403);
    expect((await server.api.get('/exports/jobs', { token: member.token })).status).toBe(403);
    expect((await server.api.get('/exports/jobs')).status).toBe(401);
    const ok = await startExport(server, manager.token, { filters: mine });
    await waitForExport(socket, ok.id);
    // One job: 401 without a token, 403 for a member, an anonymous client, and another exporter.
    for (const token of [undefined, client, member.token, exporter.token]) {
      const expected = token === undefined ? 401 : 403;
      expect((await server.api.get(`/exports/jobs/${ok.id}`, { token })).status).toBe(expected);
      expect((await server.api.del(`/exports/jobs/${ok.id}`, { token })).status).toBe(expected);
    }
    expect((await server.api.get(`/exports/jobs/${ok.id}`, { token: manager.token })).status).toBe(200);
    expect((await server.api.get('/exports/jobs/999999', { token: admin })).status).toBe(404);
  });

  it('answers the contract shape with PENDING and checks entity_type, fields, filters and the HXL targets (422)', async () => {
    const job = await startExport(server, admin, { filters: mine, fields: [survey.text.key] });
    expect(job).toMatchObject({
      entity_type: 'post',
      status: 'PENDING',
      url: null,
      url_expiration: null,
      fields: [survey.text.key],
      filters: mine,
      include_hxl: false,
      send_to_browser: true,
      send_to_hdx: false,
      format: 'csv',
      hxl_meta_data_id: null,
      user: { id: expect.any(Number) },
      allowed_privileges: expect.arrayContaining(['read', 'delete']),
    });
    for (const key of ['header_row', 'total_batches', 'total_rows', 'created', 'updated']) expect(job).toHaveProperty(key);
    await waitForExport(socket, job.id);

    const post = (body: Record<string, unknown>) =>
      server.api.post('/exports/jobs', { send_to_browser: true, send_to_hdx: false, ...body }, { token: admin });
    expectField(await post({ entity_type: 'user' }), '/entity_type', 'entity_type must be post');
    expectField(await post({ entity_type: 'post', fields: [] }), '/fields', 'Uh oh... you need to select some fields to export first.');
    expectField(await post({ entity_type: 'post', fields: ['no-such-field'] }), '/fields', '"no-such-field" is not a survey field');
    expectStatus(await post({ entity_type: 'post', filters: { status: 'nonsense' } }), 422);
    expectStatus(await post({ entity_type: 'post', filters: 'status=published' }), 422);
    expectField(
      await post({ entity_type: 'post', include_hxl: true, send_to_browser: true, send_to_hdx: true, hxl_heading_row: [] }),
      '/send_to_hdx',
      'With include_hxl, send_to_browser and send_to_hdx must be opposite booleans',
    );
    expectStatus(
      await post({ entity_type: 'post', include_hxl: true, hxl_heading_row: [{ form_attribute_id: survey.text.id, tag: 'adm1' }] }),
      422,
    );
  });
});

describe('the export job', () => {
  it('streams a CSV of labels, lat/lon columns, joined multi-values and formula cells escaped, pushing progress', async () => {
    const job = await startExport(server, admin, { filters: { ...mine, status: ['published', 'draft', 'archived'] } });
    const end = await waitForExport(socket, job.id);
    expect(end.type).toBe('export.completed');
    expect(end.payload).toMatchObject({ id: job.id, status: 'SUCCESS', processed_rows: 4, total_rows: 4 });
    const progress = socket.events.filter((e) => ofExport(job.id)(e) && e.type === 'export.progressed').map((e) => e.payload.status);
    expect(progress).toEqual(['PENDING', 'QUEUED', 'SUCCESS']);

    const rows = await downloadCsv(server, admin, job.id);
    const [header, ...data] = rows;
    expect(header!.slice(0, 8)).toEqual([
      'Post ID',
      'Survey',
      'Post Status',
      'Created (UTC)',
      'Updated (UTC)',
      'Post Date (UTC)',
      'Title',
      'Description',
    ]);
    const col = (label: string) => header!.indexOf(label);
    expect(col(`${survey.location.label}.lat`)).toBeGreaterThan(7);
    expect(col(`${survey.location.label}.lon`)).toBe(col(`${survey.location.label}.lat`) + 1);
    expect(data).toHaveLength(4);
    const byTitle = new Map(data.map((r) => [r[col('Title')]!, r]));
    const published = byTitle.get(`${marker} published`)!;
    expect(published[col('Survey')]).toBe(survey.form.name);
    expect(published[col(`${survey.location.label}.lat`)]).toBe('1.25');
    expect(published[col(`${survey.location.label}.lon`)]).toBe('36.5');
    expect(published[col(survey.needs.label)]).toBe('water, food');
    // Its times as the API writes them (W3C, UTC, to the second).
    const shown = (await server.api.get(`/posts/${published[0]}`, { token: admin })).body as Record<string, string | null>;
    expect(shown.created).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\+00:00$/);
    expect([published[col('Created (UTC)')], published[col('Updated (UTC)')], published[col('Post Date (UTC)')]]).toEqual([
      shown.created,
      shown.updated ?? '',
      shown.post_date ?? '',
    ]);
    // A spreadsheet would run these as formulas: written as text.
    expect(published[col(survey.text.label)]).toBe("'=1+2");
    expect(byTitle.get(`${marker} admin draft`)![col(survey.text.label)]).toBe("'-cmd");
    expect(byTitle.get(`${marker} exporter draft`)![col(survey.text.label)]).toBe("'@SUM(A1)");
    expect(byTitle.get(`${marker} archived`)![col(survey.text.label)]).toBe('plain');
    // Newest first.
    expect(data.map((r) => Number(r[0]))).toEqual([...data.map((r) => Number(r[0]))].sort((a, b) => b - a));
  });

  it('exports selected fields only, with the HXL heading row under the labels', async () => {
    const job = await startExport(server, admin, {
      filters: mine,
      fields: [survey.text.key, survey.location.key],
      include_hxl: true,
      hxl_heading_row: [
        { form_attribute_id: survey.text.id, tag: '#loc', attributes: ['+name'] },
        { form_attribute_id: survey.location.id, tag: '#geo' },
      ],
    });
    expect((await waitForExport(socket, job.id)).type).toBe('export.completed');
    const [labels, hxl, ...data] = await downloadCsv(server, admin, job.id);
    expect(labels!.slice(8)).toEqual([survey.text.label, `${survey.location.label}.lat`, `${survey.location.label}.lon`]);
    expect(hxl).toEqual(['', '', '', '', '', '', '', '', '#loc+name', '#geo+lat', '#geo+lon']);
    // Default export filters: published and draft.
    expect(data).toHaveLength(3);
  });

  it('gives an exporter without Manage Posts only the posts they may read: never others’ drafts', async () => {
    const exporterSocket = await connectSocket(server.url, { token: exporter.token });
    try {
      const job = await startExport(server, exporter.token, { filters: { ...mine, status: 'all' } });
      expect((await waitForExport(exporterSocket, job.id)).type).toBe('export.completed');
      const [header, ...data] = await downloadCsv(server, exporter.token, job.id);
      const titles = data.map((r) => r[header!.indexOf('Title')]).sort();
      expect(titles).toEqual([`${marker} exporter draft`, `${marker} published`]);
      // Its events reach the exporter and administrators, never a member.
      const memberSocket = await connectSocket(server.url, { token: member.token, lastEventId: 0 });
      memberSocket.close();
      expect(memberSocket.events.filter(ofExport(job.id))).toEqual([]);
      // The job is theirs: another exporter cannot read it, the admin can.
      expect((await server.api.get(`/exports/jobs/${job.id}`, { token: manager.token })).status).toBe(403);
      expect((await server.api.get(`/exports/jobs/${job.id}`, { token: admin })).status).toBe(200);
    } finally {
      exporterSocket.close();
    }
  });

  it('exports GeoJSON: a FeatureCollection with each post’s point', async () => {
    const job = await startExport(server, admin, { filters: mine, format: 'geojson' });
    expect((await waitForExport(socket, job.id)).type).toBe('export.completed');
    const url = (await server.api.get(`/exports/jobs/${job.id}`, { token: admin })).body.url as string;
    const res = await fetch(url);
    expect(res.headers.get('content-type')).toContain('application/geo+json');
    const collection = (await res.json()) as { type: string; features: Array<{ geometry: unknown; properties: Record<string, string> }> };
    expect(collection.type).toBe('FeatureCollection');
    expect(collection.features).toHaveLength(3);
    expect(collection.features[0]!.geometry).toEqual({ type: 'Point', coordinates: [36.5, 1.25] });
    expect(collection.features.map((f) => f.properties.Title).sort()).toEqual(
      [`${marker} admin draft`, `${marker} exporter draft`, `${marker} published`].sort(),
    );
  });

  it('signs the download URL: a changed signature or expiry is refused, an expired file is removed by the sweep', async () => {
    const kept = await startExport(server, admin, { filters: mine });
    const job = await startExport(server, admin, { filters: mine });
    await waitForExport(socket, kept.id);
    await waitForExport(socket, job.id);
    const done = (await server.api.get(`/exports/jobs/${job.id}`, { token: admin })).body as { url: string; url_expiration: number };
    expect(done.url_expiration).toBeGreaterThan(Date.now() / 1000 + 3500);
    expect(new URL(done.url).searchParams.get('expires')).toBe(String(done.url_expiration));
    // The signature's first character changed to another (a fixed 'A' left 1 signature in 64 as it was).
    const forged = done.url.replace(/signature=(.)/, (_, first: string) => `signature=${first === 'A' ? 'B' : 'A'}`);
    expect(forged).not.toBe(done.url);
    expect((await fetch(forged)).status).toBe(404);
    expect((await fetch(done.url.replace(/expires=\d+/, `expires=${done.url_expiration + 60}`))).status).toBe(404);
    expect((await fetch(done.url)).status).toBe(200);

    const file = path.join(server.dataDir, 'exports', `${job.id}.csv`);
    expect(fs.existsSync(file)).toBe(true);
    await server.ctx.db
      .updateTable('export_jobs')
      .set({ url_expiration: new Date(Date.now() - 1000) })
      .where('id', '=', job.id)
      .execute();
    expect((await fetch(done.url)).status).toBe(404);
    await server.services.exports.job.handle({});
    expect(fs.existsSync(file)).toBe(false);
    const after = await server.api.get(`/exports/jobs/${job.id}`, { token: admin });
    expect(after.body).toMatchObject({ status: 'SUCCESS', url: null });
    // The history tab lists the caller's jobs whose link still works at `max_expiration`.
    const now = Math.floor(Date.now() / 1000);
    const listed = await server.api.get(`/exports/jobs?user=me&max_expiration=${now}`, { token: admin });
    expectStatus(listed, 200);
    const ids = (listed.body.results as Array<{ id: number }>).map((r) => r.id);
    expect(ids).not.toContain(job.id);
    expect(ids).toContain(kept.id);
    const theirs = await server.api.get('/exports/jobs?user=me', { token: exporter.token });
    expect((theirs.body.results as Array<{ user: { id: number } }>).every((r) => r.user.id === exporter.id)).toBe(true);
    expectStatus(await server.api.get('/exports/jobs?max_expiration=soon', { token: admin }), 422);
  });

  it('DELETE cancels a running export: the job goes, its partial file too, and export.cancelled is pushed', async () => {
    const tag = unique('Cancel');
    await insertManyPosts(server, 3000, { title: tag });
    const job = await startExport(server, admin, { filters: { q: tag } });
    await socket.waitFor(
      (e) => ofExport(job.id)(e) && e.type === 'export.progressed' && (e.payload.processed_rows as number) >= 20,
      1,
      30_000,
    );
    const cancelled = await server.api.del(`/exports/jobs/${job.id}`, { token: admin });
    expectStatus(cancelled, 200);
    expect(cancelled.body.id).toBe(job.id);
    const end = await waitForExport(socket, job.id);
    expect(end.type).toBe('export.cancelled');
    expect((await server.api.get(`/exports/jobs/${job.id}`, { token: admin })).status).toBe(404);
    // The worker stops before its next batch and removes what it wrote.
    const dir = path.join(server.dataDir, 'exports');
    const leftovers = () => fs.readdirSync(dir).filter((name) => name.startsWith(`${job.id}-`) || name.startsWith(`${job.id}.`));
    for (let i = 0; i < 200 && leftovers().length > 0; i++) await new Promise((resolve) => setTimeout(resolve, 50));
    expect(leftovers()).toEqual([]);
    expect(socket.events.filter((e) => ofExport(job.id)(e) && e.type === 'export.completed')).toEqual([]);
  });
});
