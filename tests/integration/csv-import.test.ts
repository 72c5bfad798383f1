import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminToken, createRole, createUser, tokenFor, type TestUser } from './helpers/factories';
import { collectionTitles, importSurvey, startImport, uploadCsv, waitForImport } from './helpers/csv';
import { startTestServer, type TestServer } from './helpers/server';
import { connectSocket, type TestSocket } from './helpers/sockets';
import { expectField, expectStatus, newTag } from './helpers/surveys';

let server: TestServer & { stop: () => Promise<void> };
let admin: string;
let importer: TestUser;
let member: TestUser;
let manager: TestUser;
let client: string;
let socket: TestSocket;
let survey: Awaited<ReturnType<typeof importSurvey>>;

beforeAll(async () => {
  server = await startTestServer();
  admin = await adminToken(server);
  importer = await createUser(server, { role: await createRole(server, ['Bulk Data Import and Export']) });
  member = await createUser(server);
  manager = await createUser(server, { role: await createRole(server, ['Manage Posts']) });
  client = await tokenFor(server, null);
  survey = await importSurvey(server, admin);
  socket = await connectSocket(server.url, { token: admin });
});

afterAll(async () => {
  socket?.close();
  await server?.close();
});

const mappingFor = (maps_to: unknown, fixed: Record<string, unknown> = {}) => ({ maps_to, fixed: { form: survey.form.id, ...fixed } });

describe('CSV import', () => {
  it('imports every row through the post rules, into a new collection named after the file', async () => {
    const { text, location, count, needs } = survey;
    const csv = [
      'Title,Body,Place,Lat,Lon,People,Need 1,Need 2,Status',
      'Flooded road,Water over the road,Bridge street,-1.28,36.82,12,water,food,published',
      '"Quoted, with comma","Two\nlines",Market,-1.3,36.8,3,shelter,,under review',
      'No place,Missing the required field,,,,,,,draft',
      'Bad number,Has letters,Harbour,1,2,many,,,',
    ].join('\r\n');
    const started = await startImport(
      server,
      admin,
      csv,
      mappingFor([
        'title',
        'content',
        text.key,
        `${location.key}.lat`,
        `${location.key}.lon`,
        count.key,
        `${needs.key}.0`,
        `${needs.key}.1`,
        'status',
      ]),
      'flood-reports.csv',
    );
    expect(started.status).toBe('PENDING');
    expect(started.total).toBe(4);
    const ended = await waitForImport(socket, started.id);
    expect(ended.type).toBe('import.completed');
    expect(ended.payload).toMatchObject({ processed: 2, errors: 2, total: 4, status: 'SUCCESS' });

    const done = await server.api.get(`/csv/${started.id}`, { token: admin });
    expectStatus(done, 200);
    expect(done.body).toMatchObject({ status: 'SUCCESS', processed: 2, errors: 2, completed: true, collection_id: started.collection_id });
    const collection = await server.api.get(`/collections/${started.collection_id}`, { token: admin });
    expect(collection.body).toMatchObject({ name: 'flood-reports.csv', description: 'Import', view: 'data' });
    expect(await collectionTitles(server, started.collection_id)).toEqual(['Flooded road', 'Quoted, with comma']);

    const posts = await server.api.get(`/collections/${started.collection_id}/posts?status=all&orderby=id&order=asc`, { token: admin });
    const [first, second] = posts.body.results;
    expect(first).toMatchObject({ status: 'published', content: 'Water over the road' });
    expect(first.values[location.key]).toEqual([{ lat: -1.28, lon: 36.82 }]);
    expect(first.values[count.key]).toEqual([12]);
    expect(first.values[needs.key]).toEqual(['water', 'food']);
    // `under review` becomes a draft; a quoted field keeps its line break.
    expect(second).toMatchObject({ status: 'draft', content: 'Two\nlines' });

    const report = await server.api.request('GET', `/csv/${started.id}/errors`, { token: admin, headers: { Accept: 'text/csv' } });
    expect(report.status).toBe(200);
    expect(report.headers.get('content-type')).toContain('text/csv');
    const lines = report.text
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe('row,column,reason');
    expect(lines[1]).toMatch(new RegExp(`^4,Place,.*${text.label}`));
    expect(lines[2]).toMatch(/^5,People,/);
  });

  it('takes maps_to as an array or as an object keyed by column index, and checks it', async () => {
    const uploaded = await uploadCsv(server, admin, 'a,b,c\n1,2,3\n');
    expectStatus(uploaded, 200);
    expect(uploaded.body).toMatchObject({ columns: ['a', 'b', 'c'], status: null, processed: 0, errors: 0, maps_to: null });
    const id = uploaded.body.id as number;
    const asObject = await server.api.put(`/csv/${id}`, mappingFor({ '0': 'title', '1': null, '2': 'content' }), { token: admin });
    expectStatus(asObject, 200);
    expect(asObject.body.maps_to).toEqual(['title', null, 'content']);
    const asArray = await server.api.put(
      `/csv/${id}`,
      mappingFor(['content', `values.${survey.text.key}`, null], { status: 'published' }),
      {
        token: admin,
      },
    );
    expectStatus(asArray, 200);
    expect(asArray.body).toMatchObject({
      maps_to: ['content', survey.text.key, null],
      fixed: { form: survey.form.id, status: 'published' },
    });
    // The survey chosen in step 1 travels with the file.
    const withForm = await uploadCsv(server, admin, 'a,b\n1,2\n', { formId: survey.form.id });
    expect(withForm.body).toMatchObject({ maps_to: [null, null], fixed: { form: survey.form.id } });
    const options = await server.api.request('OPTIONS', '/csv', { token: admin });
    expect(options.body.allowed_privileges).toEqual(['read', 'create', 'update', 'delete', 'search']);

    expectField(
      await server.api.put(`/csv/${id}`, mappingFor([null, null, null]), { token: admin }),
      '/maps_to',
      'Map at least one column to a post field',
    );
    expectField(
      await server.api.put(`/csv/${id}`, mappingFor(['title', 'title', null]), { token: admin }),
      '/maps_to',
      'Several columns are mapped to the same field: title',
    );
    expectField(
      await server.api.put(`/csv/${id}`, mappingFor(['title', 'nope', null]), { token: admin }),
      '/maps_to',
      '"nope" is not a field of the survey',
    );
    expectField(
      await server.api.put(`/csv/${id}`, mappingFor(['title', `${survey.location.key}.lat`, null]), { token: admin }),
      '/maps_to',
      `Location "${survey.location.key}" needs both a .lat and a .lon column`,
    );
    expectField(
      await server.api.put(`/csv/${id}`, mappingFor({ '7': 'title' }), { token: admin }),
      '/maps_to',
      'Column 7 does not exist in the CSV file',
    );
    expectField(
      await server.api.put(`/csv/${id}`, { maps_to: ['title'], fixed: { form: 999999 } }, { token: admin }),
      '/fixed',
      'Survey 999999 does not exist',
    );
    expectStatus(await server.api.put(`/csv/${id}`, { maps_to: ['title'] }, { token: admin }), 422);
    expectStatus(await server.api.put(`/csv/${id}`, mappingFor(['title'], { status: 'lost' }), { token: admin }), 422);
  });

  it('refuses to start without a mapping, or twice', async () => {
    const uploaded = await uploadCsv(server, admin, 'title,content,place\nHello,World,Here\n');
    const id = uploaded.body.id as number;
    expectField(
      await server.api.post(`/csv/${id}/import`, {}, { token: admin }),
      '/maps_to',
      'Map the columns (PUT /csv/{id}) before importing',
    );
    expectStatus(
      await server.api.put(`/csv/${id}`, mappingFor(['title', 'content', survey.text.key], { status: 'published' }), { token: admin }),
      200,
    );
    const started = await server.api.post(`/csv/${id}/import`, { id, action: 'import' }, { token: admin });
    expect(started.body.status).toBe('PENDING');
    expectField(await server.api.post(`/csv/${id}/import`, {}, { token: admin }), '/status', 'This import has already been started');
    await waitForImport(socket, id);
    expectField(
      await server.api.put(`/csv/${id}`, mappingFor(['title', 'content']), { token: admin }),
      '/status',
      'This import has already been started',
    );
    expect((await server.api.get(`/csv/${id}`, { token: admin })).body).toMatchObject({ status: 'SUCCESS', processed: 1, errors: 0 });
  });

  it('writes each row as the importing user would write the post: their rights, and the fixed fields', async () => {
    const role = await createRole(server, []);
    const tag = await newTag(server, admin);
    const csv = 'Title,Body,Place\nOne,First,Here\nTwo,Second,There\n';
    const columns = ['title', 'content', survey.text.key];

    // A bulk importer without Manage Posts may not publish: each row is refused as their own post would be.
    const publishing = await startImport(server, importer.token, csv, mappingFor(columns, { status: 'published' }));
    expect((await waitForImport(socket, publishing.id)).payload).toMatchObject({ processed: 0, errors: 2 });
    const report = await server.api.get(`/csv/${publishing.id}/errors`, { token: importer.token });
    expect(report.text).toContain('2,,Post needs approval by an administrator before it can be published');
    expect(report.text).toContain('3,,Post needs approval by an administrator before it can be published');

    const drafts = await startImport(server, importer.token, csv, mappingFor(columns, { tags: [tag.id], published_to: [role] }));
    expect((await waitForImport(socket, drafts.id)).payload).toMatchObject({ processed: 2, errors: 0 });
    const posts = await server.ctx.db
      .selectFrom('posts_sets')
      .innerJoin('posts', 'posts.id', 'posts_sets.post_id')
      .select(['posts.id', 'posts.user_id', 'posts.status', 'posts.published_to'])
      .where('posts_sets.set_id', '=', drafts.collection_id)
      .execute();
    expect(posts).toHaveLength(2);
    for (const post of posts) {
      expect(post).toMatchObject({ user_id: importer.id, status: 'draft', published_to: [role] });
      const tags = await server.ctx.db.selectFrom('posts_tags').select('tag_id').where('post_id', '=', post.id).execute();
      expect(tags.map((t) => t.tag_id)).toEqual([tag.id]);
    }
  });

  it('lists imports and answers 401/403 for every caller who may not import', async () => {
    const list = await server.api.get('/csv', { token: admin });
    expectStatus(list, 200);
    expect(list.body.total_count).toBeGreaterThan(0);
    expect(list.body.results[0]).toHaveProperty('columns');

    const uploaded = await uploadCsv(server, admin, 'title\nx\n');
    const id = uploaded.body.id as number;
    expectStatus(await server.api.get(`/csv/${id}`, { token: importer.token }), 200);
    const calls = [
      (token: string | null) => uploadCsv(server, token, 'title\nx\n'),
      (token: string | null) => server.api.get('/csv', { token }),
      (token: string | null) => server.api.get(`/csv/${id}`, { token }),
      (token: string | null) => server.api.put(`/csv/${id}`, mappingFor(['title']), { token }),
      (token: string | null) => server.api.post(`/csv/${id}/import`, {}, { token }),
      (token: string | null) => server.api.get(`/csv/${id}/errors`, { token }),
      (token: string | null) => server.api.del(`/csv/${id}`, { token }),
    ];
    for (const call of calls) {
      const anonymous = await call(null);
      expectStatus(anonymous, 401);
      expect(anonymous.headers.get('www-authenticate')).toContain('Bearer');
      for (const token of [client, member.token, manager.token]) expectStatus(await call(token), 403);
    }
    expectStatus(await server.api.get('/csv/99999999', { token: admin }), 404);
    expect((await server.api.get(`/csv/${id}`, { token: admin })).body.status).toBeNull();
  });

  it('DELETE removes an import that is not running', async () => {
    const uploaded = await uploadCsv(server, admin, 'title\nx\n');
    const id = uploaded.body.id as number;
    const removed = await server.api.del(`/csv/${id}`, { token: admin });
    expectStatus(removed, 200);
    expect(removed.body.id).toBe(id);
    expectStatus(await server.api.get(`/csv/${id}`, { token: admin }), 404);
  });
});
