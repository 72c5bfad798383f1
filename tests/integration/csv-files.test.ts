import { CSV_MAX_BYTES } from '@platform/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminToken } from './helpers/factories';
import { collectionTitles, importSurvey, startImport, uploadCsv, waitForImport } from './helpers/csv';
import { startTestServer, type TestServer } from './helpers/server';
import { connectSocket, type TestSocket } from './helpers/sockets';
import { expectField, expectStatus } from './helpers/surveys';

let server: TestServer & { stop: () => Promise<void> };
let admin: string;
let socket: TestSocket;
let survey: Awaited<ReturnType<typeof importSurvey>>;

beforeAll(async () => {
  server = await startTestServer();
  admin = await adminToken(server);
  survey = await importSurvey(server, admin);
  socket = await connectSocket(server.url, { token: admin });
});

afterAll(async () => {
  socket?.close();
  await server?.close();
});

const mappingFor = (maps_to: unknown) => ({ maps_to, fixed: { form: survey.form.id } });

describe('uploaded files', () => {
  it('refuses other types than text/csv and text/plain, and binary content', async () => {
    expectField(
      await uploadCsv(server, admin, 'a,b\n1,2\n', { type: 'image/png' }),
      '/mime',
      'File type not supported. Please upload a .csv file.',
    );
    expectField(
      await uploadCsv(server, admin, 'a,b\n1,2\n', { type: 'application/vnd.ms-excel' }),
      '/mime',
      'File type not supported. Please upload a .csv file.',
    );
    const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d]);
    expectField(await uploadCsv(server, admin, png, { type: 'text/csv' }), '/mime', 'File type not supported. Please upload a .csv file.');
    expectStatus(await uploadCsv(server, admin, 'a,b\n1,2\n', { type: 'text/plain' }), 200);
    expectStatus(await uploadCsv(server, admin, 'a,b\n1,2\n', { type: 'text/csv; charset=utf-8' }), 200);
  });

  it('refuses an empty file, a file without column names, and a request without a file', async () => {
    expectField(await uploadCsv(server, admin, ''), '/file', 'The CSV file is empty');
    expectField(await uploadCsv(server, admin, ',,\n1,2,3\n'), '/file', 'The CSV file has no column names in its first row');
    const noFile = await fetch(`${server.url}/api/v3/csv`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${admin}` },
      body: new FormData(),
    });
    expect(noFile.status).toBe(422);
    expect((await noFile.json()).errors[1]).toMatchObject({ source: { pointer: '/file' }, message: 'A CSV file is required' });
  });

  it('refuses a file over 10 MB with the size message, and broken multipart with 400', async () => {
    const big = new Uint8Array(11 * 1024 * 1024).fill(0x61);
    expectField(await uploadCsv(server, admin, big), '/file', 'The file size should be less than 10 MB');
    const exact = new Uint8Array(CSV_MAX_BYTES).fill(0x61);
    exact.set(new TextEncoder().encode('title\n'));
    expectStatus(await uploadCsv(server, admin, exact), 200);
    const broken = await fetch(`${server.url}/api/v3/csv`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${admin}`, 'Content-Type': 'multipart/form-data; boundary=zzz' },
      body: '--zzz\r\nContent-Disposition: form-data; name="file"; filename="a.csv"\r\n\r\nno end',
    });
    expect(broken.status).toBe(400);
    expect((await broken.json()).errors[0].status).toBe(400);
  });

  it('refuses broken quoting, text that is not UTF-8, and 10,000 columns', async () => {
    const quoting = await uploadCsv(server, admin, 'title,content\n"never closed,1\nx,y\n');
    expect(quoting.status).toBe(422);
    expect(quoting.body.errors[1]).toMatchObject({ source: { pointer: '/file' } });
    expect(quoting.body.errors[1].message).toMatch(/^The CSV file could not be read: /);
    const latin1 = new Uint8Array([...new TextEncoder().encode('title,content\nCaf'), 0xe9, ...new TextEncoder().encode(',ok\n')]);
    expectField(
      await uploadCsv(server, admin, latin1),
      '/file',
      'The CSV file is not UTF-8 text. Save it as "CSV UTF-8" and upload it again.',
    );
    const wide = `${Array.from({ length: 10_000 }, (_, i) => `c${i}`).join(',')}\n${'1,'.repeat(9_999)}1\n`;
    expectField(await uploadCsv(server, admin, wide), '/file', 'The CSV file has more than 1000 columns');
  });

  it('reads a byte order mark, old Mac line endings, quoted line breaks and blank lines', async () => {
    const csv = '\uFEFFtitle,content,place\r"Mac, one","first\rsecond",Here\r\rMac two,Body,There\r';
    const uploaded = await uploadCsv(server, admin, csv);
    expectStatus(uploaded, 200);
    expect(uploaded.body).toMatchObject({ columns: ['title', 'content', 'place'], total: 2 });
    const started = await startImport(server, admin, csv, mappingFor(['title', 'content', survey.text.key]));
    expect((await waitForImport(socket, started.id)).payload).toMatchObject({ processed: 2, errors: 0, total: 2 });
    expect(await collectionTitles(server, started.collection_id)).toEqual(['Mac, one', 'Mac two']);
    const content = await server.ctx.db
      .selectFrom('posts_sets')
      .innerJoin('posts', 'posts.id', 'posts_sets.post_id')
      .select('posts.content')
      .where('posts_sets.set_id', '=', started.collection_id)
      .orderBy('posts.id')
      .executeTakeFirstOrThrow();
    expect(content.content).toBe('first\rsecond');
  });

  it('keeps formula cells as text in posts, and escapes them in the error report', async () => {
    const csv = [
      'title,content,@place',
      '"=HYPERLINK(""http://evil.example"",""click"")",+1 and -1,Here',
      '=SUM("A1"),-2,There',
      "No place,=cmd|' /C calc'!A0,",
      'Too,many,cells,here',
    ].join('\n');
    const started = await startImport(server, admin, csv, mappingFor(['title', 'content', survey.text.key]));
    expect((await waitForImport(socket, started.id)).payload).toMatchObject({ processed: 2, errors: 2 });
    expect(await collectionTitles(server, started.collection_id)).toEqual(['=HYPERLINK("http://evil.example","click")', '=SUM("A1")']);
    const report = await server.api.get(`/csv/${started.id}/errors`, { token: admin });
    const lines = report.text
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[1]).toMatch(/^4,'@place,/);
    expect(lines[2]).toBe('5,,The row has 4 cells but the file has 3 columns');
  });
});
