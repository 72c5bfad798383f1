import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as postsMedia from '../../migrations/20261201T0101_posts_media';
import { adminToken, createUser, tokenFor, type TestUser } from './helpers/factories';
import { GIF_1X1, JPEG_1X1, PNG_1X1, gifOf, pngOf } from './helpers/images';
import { fullSurvey, makePostCallers, postBody, type FullSurvey, type PostCallers } from './helpers/posts';
import { startTestServer, type TestServer } from './helpers/server';
import { expectStatus, newAttribute } from './helpers/surveys';

let server: TestServer & { close: () => Promise<void> };
let admin: string;
let owner: TestUser;
let other: TestUser;
let clientToken: string;

beforeAll(async () => {
  server = await startTestServer();
  admin = await adminToken(server);
  owner = await createUser(server);
  other = await createUser(server);
  clientToken = await tokenFor(server, null);
});
afterAll(async () => server?.close());

const mediaUrl = (id?: number | string) => `${server.url}/api/v3/media${id === undefined ? '' : `/${id}`}`;

type UploadOptions = { name?: string; type?: string; caption?: string; token?: string; field?: string };

function upload(bytes: Buffer, options: UploadOptions = {}) {
  const form = new FormData();
  form.append(
    options.field ?? 'file',
    new Blob([new Uint8Array(bytes)], { type: options.type ?? 'image/png' }),
    options.name ?? 'photo.png',
  );
  if (options.caption !== undefined) form.append('caption', options.caption);
  return server.api.request('POST', mediaUrl(), { raw: form, token: options.token });
}

/** Every file the local store holds, relative to its root. */
function storedFiles(): string[] {
  const root = path.join(server.dataDir, 'media');
  if (!fs.existsSync(root)) return [];
  return (fs.readdirSync(root, { recursive: true }) as string[]).filter((f) => fs.statSync(path.join(root, f)).isFile());
}

const pointers = (body: any) => (body.errors as Array<{ source?: { pointer: string } }>).slice(1).map((e) => e.source?.pointer);

describe('POST /media (API-CONTRACT 14.3)', () => {
  it('stores an anonymous PNG and serves the same bytes with its type', async () => {
    const res = await upload(PNG_1X1, { caption: 'A red dot' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      user: null,
      caption: 'A red dot',
      mime: 'image/png',
      original_file_size: PNG_1X1.length,
      original_width: 1,
      original_height: 1,
      updated: null,
    });
    expect(res.body.url).toBe(mediaUrl(res.body.id));
    expect(res.body.created).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\+00:00$/);
    // No post shows it yet, and an anonymous uploader is nobody to read it back (issue 26).
    expect(res.body.allowed_privileges).toEqual(['create']);
    expect(res.body.original_file_url).toMatch(new RegExp(`^${server.url}/media/files/\\d{4}/\\d{2}/[0-9a-f]{32}\\.png$`));

    const file = await fetch(res.body.original_file_url);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('image/png');
    expect(file.headers.get('x-content-type-options')).toBe('nosniff');
    expect(Buffer.from(await file.arrayBuffer()).equals(PNG_1X1)).toBe(true);
  });

  it('reads width and height from a GIF and a JPEG, and owns uploads of a logged-in user', async () => {
    const gif = await upload(gifOf(5, 4), { name: 'anim.gif', type: 'image/gif', token: owner.token });
    expect(gif.status).toBe(200);
    expect(gif.body).toMatchObject({ mime: 'image/gif', original_width: 5, original_height: 4 });
    expect(gif.body.user).toEqual({ id: owner.id, url: `${server.url}/api/v3/users/${owner.id}` });
    expect(gif.body.allowed_privileges).toEqual(['read', 'create', 'update', 'delete']);

    const jpeg = await upload(JPEG_1X1, { name: 'photo.jpg', type: 'image/jpeg', token: owner.token });
    expect(jpeg.status).toBe(200);
    expect(jpeg.body).toMatchObject({ mime: 'image/jpeg', original_width: 1, original_height: 1, caption: null });
    expect(jpeg.body.original_file_url).toMatch(/\.jpg$/);
    const file = await fetch(jpeg.body.original_file_url);
    expect(file.headers.get('content-type')).toBe('image/jpeg');
    expect(Buffer.from(await file.arrayBuffer()).equals(JPEG_1X1)).toBe(true);

    const png = await upload(pngOf(7, 3), { token: owner.token });
    expect(png.body).toMatchObject({ original_width: 7, original_height: 3 });
  });

  it('never lets a supplied user_id attribute an upload to someone else', async () => {
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(GIF_1X1)], { type: 'image/gif' }), 'a.gif');
    form.append('user_id', String(other.id));
    const anonymous = await server.api.request('POST', mediaUrl(), { raw: form });
    expect(anonymous.status).toBe(200);
    expect(anonymous.body.user).toBeNull();
  });

  it('decides the type by content: a text file named .png is refused, a PNG sent as text/plain is kept', async () => {
    const text = await upload(Buffer.from('<?php echo "hello"; ?>\n'), { name: 'evil.png', type: 'image/png' });
    expect(text.status).toBe(422);
    expect(text.body.errors[1]).toMatchObject({ status: 422, source: { pointer: '/mime' } });
    expect(text.body.errors[1].message).toMatch(/gif, jpg, jpeg or png/);

    const svg = await upload(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'), {
      name: 'x.svg',
      type: 'image/svg+xml',
    });
    expect(svg.status).toBe(422);
    expect(pointers(svg.body)).toEqual(['/mime']);

    const disguised = await upload(PNG_1X1, { name: 'notes.txt', type: 'text/plain' });
    expect(disguised.status).toBe(200);
    expect(disguised.body.mime).toBe('image/png');
    expect(disguised.body.original_file_url).toMatch(/\.png$/);
  });

  it('refuses a truncated image whose header looks right', async () => {
    const res = await upload(PNG_1X1.subarray(0, 20));
    expect(res.status).toBe(422);
    expect(pointers(res.body)).toEqual(['/mime']);
  });

  it('refuses 1 MB + 1 byte with 422 /o_size and accepts exactly 1 MB', async () => {
    const before = storedFiles().length;
    const tooBig = Buffer.concat([PNG_1X1, Buffer.alloc(1048576 + 1 - PNG_1X1.length)]);
    const res = await upload(tooBig);
    expect(res.status).toBe(422);
    expect(res.body.errors[1]).toMatchObject({
      status: 422,
      message: 'The file size should be less than 1 MB',
      source: { pointer: '/o_size' },
    });
    expect(storedFiles().length).toBe(before);

    const exact = await upload(Buffer.concat([PNG_1X1, Buffer.alloc(1048576 - PNG_1X1.length)]));
    expect(exact.status).toBe(200);
    expect(exact.body.original_file_size).toBe(1048576);
  });

  it('answers 422 /file when no file is sent, in multipart or JSON', async () => {
    const form = new FormData();
    form.append('caption', 'no file');
    const multipart = await server.api.request('POST', mediaUrl(), { raw: form });
    expect(multipart.status).toBe(422);
    expect(pointers(multipart.body)).toEqual(['/file']);
    expect(multipart.body.errors[0].message).toMatch(/^Failed to validate media entity/);

    const json = await server.api.request('POST', mediaUrl(), { body: { caption: 'x' } });
    expect(json.status).toBe(422);
    expect(pointers(json.body)).toEqual(['/file']);

    const empty = await upload(Buffer.alloc(0));
    expect(empty.status).toBe(422);
    expect(pointers(empty.body)).toEqual(['/mime']);
  });

  it('refuses a caption over 255 characters', async () => {
    const res = await upload(PNG_1X1, { caption: 'c'.repeat(256) });
    expect(res.status).toBe(422);
    expect(pointers(res.body)).toEqual(['/caption']);
  });

  it('answers malformed multipart with an envelope, never 5xx', async () => {
    const truncated = await server.api.request('POST', mediaUrl(), {
      raw: '--xyz\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\nabc',
      headers: { 'Content-Type': 'multipart/form-data; boundary=xyz' },
    });
    expect(truncated.status).toBe(400);
    expect(truncated.body.errors[0].status).toBe(400);

    const noBoundary = await server.api.request('POST', mediaUrl(), {
      raw: 'whatever',
      headers: { 'Content-Type': 'multipart/form-data' },
    });
    expect(noBoundary.status).toBe(400);
    expect(noBoundary.body.errors[0].status).toBe(400);

    const twoFiles = new FormData();
    twoFiles.append('file', new Blob([new Uint8Array(PNG_1X1)]), 'a.png');
    twoFiles.append('file', new Blob([new Uint8Array(PNG_1X1)]), 'b.png');
    const two = await server.api.request('POST', mediaUrl(), { raw: twoFiles });
    expect(two.status).toBe(422);

    const wrongField = await upload(PNG_1X1, { field: 'photo' });
    expect(wrongField.status).toBe(422);
  });

  it('refuses a token without the media scope', async () => {
    const token = await tokenFor(server, owner.id, ['posts']);
    const res = await upload(PNG_1X1, { token });
    expect(res.status).toBe(403);
  });

  it('keeps no file behind when the row cannot be written', async () => {
    await sql`create function refuse_media() returns trigger language plpgsql as $$ begin raise exception 'refused'; end $$`.execute(
      server.ctx.db,
    );
    await sql`create trigger refuse_media before insert on media for each row execute function refuse_media()`.execute(server.ctx.db);
    try {
      const before = storedFiles().length;
      const res = await upload(PNG_1X1);
      expect(res.status).toBe(500);
      expect(res.body.errors[0].status).toBe(500);
      expect(storedFiles().length).toBe(before);
    } finally {
      await sql`drop trigger refuse_media on media`.execute(server.ctx.db);
      await sql`drop function refuse_media()`.execute(server.ctx.db);
    }
  });
});

describe('GET /media', () => {
  it('disables the index with 405 and reads one entity for its uploader and admins', async () => {
    expect((await server.api.request('GET', mediaUrl())).status).toBe(405);
    expect((await server.api.request('GET', mediaUrl(), { token: admin })).status).toBe(405);
    const created = await upload(PNG_1X1, { token: owner.token, caption: 'mine' });
    const asOwner = await server.api.request('GET', mediaUrl(created.body.id), { token: owner.token });
    expect(asOwner.status).toBe(200);
    expect(asOwner.body).toEqual(created.body);
    expect(asOwner.body.allowed_privileges).toEqual(['read', 'create', 'update', 'delete']);
    expect((await server.api.request('GET', mediaUrl(created.body.id), { token: admin })).status).toBe(200);
  });

  it('answers unknown and malformed ids with 404', async () => {
    expect((await server.api.request('GET', mediaUrl(99999999))).status).toBe(404);
    expect((await server.api.request('GET', mediaUrl('abc'))).status).toBe(404);
    expect((await fetch(`${server.url}/media/files/2020/01/nothing.png`)).status).toBe(404);
    expect((await fetch(`${server.url}/media/files/..%2F..%2Fetc%2Fpasswd`)).status).toBe(404);
    expect((await fetch(`${server.url}/media/files/2020/%00.png`)).status).toBe(404);
    const badEncoding = await fetch(`${server.url}/media/files/%ZZ`);
    expect(badEncoding.status).toBe(400);
    expect(((await badEncoding.json()) as any).errors[0].status).toBe(400);
  });

  it('refuses anonymous callers on a private deployment', async () => {
    const created = await upload(PNG_1X1, { token: owner.token });
    expect((await server.api.put('/config/site', { private: true }, { token: admin })).status).toBe(200);
    try {
      expect((await server.api.request('GET', mediaUrl(created.body.id))).status).toBe(401);
      expect((await server.api.request('GET', mediaUrl(created.body.id), { token: clientToken })).status).toBe(403);
      expect((await upload(PNG_1X1)).status).toBe(401);
      expect((await server.api.request('GET', mediaUrl(created.body.id), { token: owner.token })).status).toBe(200);
    } finally {
      await server.api.put('/config/site', { private: false }, { token: admin });
    }
  });
});

describe('PUT and DELETE /media/{id}', () => {
  it('lets the owner and admins change the caption, nobody else', async () => {
    const { body: media } = await upload(PNG_1X1, { token: owner.token, caption: 'before' });
    const put = (token?: string) => server.api.request('PUT', mediaUrl(media.id), { token, body: { caption: 'after' } });
    expect((await put()).status).toBe(401);
    expect((await put(clientToken)).status).toBe(403);
    expect((await put(other.token)).status).toBe(403);
    expect((await server.api.request('GET', mediaUrl(media.id), { token: owner.token })).body.caption).toBe('before');

    const byOwner = await put(owner.token);
    expect(byOwner.status).toBe(200);
    expect(byOwner.body).toMatchObject({ id: media.id, caption: 'after', user: { id: owner.id } });
    expect(byOwner.body.updated).not.toBeNull();

    const byAdmin = await server.api.request('PUT', mediaUrl(media.id), { token: admin, body: { caption: 'by admin', mime: 'text/html' } });
    expect(byAdmin.status).toBe(200);
    expect(byAdmin.body).toMatchObject({ caption: 'by admin', mime: 'image/png', user: { id: owner.id } });

    const tooLong = await server.api.request('PUT', mediaUrl(media.id), { token: owner.token, body: { caption: 'x'.repeat(256) } });
    expect(tooLong.status).toBe(422);
    expect(pointers(tooLong.body)).toEqual(['/caption']);
    const wrongType = await server.api.request('PUT', mediaUrl(media.id), { token: owner.token, body: { caption: { a: 1 } } });
    expect(wrongType.status).toBe(422);

    expect((await server.api.request('PUT', mediaUrl(99999999), { token: admin, body: { caption: 'x' } })).status).toBe(404);
    expect((await server.api.request('PUT', mediaUrl(99999999), { body: { caption: 'x' } })).status).toBe(401);
  });

  it('lets only an admin change or delete an anonymous upload', async () => {
    const { body: media } = await upload(PNG_1X1);
    expect((await server.api.request('PUT', mediaUrl(media.id), { token: owner.token, body: { caption: 'x' } })).status).toBe(403);
    expect((await server.api.request('DELETE', mediaUrl(media.id), { token: clientToken })).status).toBe(403);
    expect((await server.api.request('DELETE', mediaUrl(media.id), { token: owner.token })).status).toBe(403);
    const res = await server.api.request('DELETE', mediaUrl(media.id), { token: admin });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: media.id, user: null });
  });

  it('deletes for the owner: row, then file', async () => {
    const { body: media } = await upload(pngOf(2, 2), { token: owner.token });
    const key = media.original_file_url.split('/media/files/')[1] as string;
    expect(storedFiles()).toContain(path.normalize(key));
    expect((await server.api.request('DELETE', mediaUrl(media.id))).status).toBe(401);
    expect((await server.api.request('DELETE', mediaUrl(media.id), { token: clientToken })).status).toBe(403);
    expect((await server.api.request('DELETE', mediaUrl(media.id), { token: other.token })).status).toBe(403);

    const res = await server.api.request('DELETE', mediaUrl(media.id), { token: owner.token });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: media.id, mime: 'image/png', original_width: 2 });
    expect((await server.api.request('GET', mediaUrl(media.id))).status).toBe(404);
    expect((await fetch(media.original_file_url)).status).toBe(404);
    expect(storedFiles()).not.toContain(path.normalize(key));
    expect((await server.api.request('DELETE', mediaUrl(media.id), { token: owner.token })).status).toBe(404);
  });

  it('lets an admin delete anybody’s upload', async () => {
    const { body: media } = await upload(GIF_1X1, { token: other.token, type: 'image/gif' });
    const res = await server.api.request('DELETE', mediaUrl(media.id), { token: admin });
    expect(res.status).toBe(200);
    expect(res.body.user).toEqual({ id: other.id, url: `${server.url}/api/v3/users/${other.id}` });
  });
});

describe('who may read a media (issue 26)', () => {
  let who: PostCallers;
  let survey: FullSurvey;
  let privatePhoto: string;

  beforeAll(async () => {
    who = await makePostCallers(server);
    survey = await fullSurvey(server, admin);
    privatePhoto = (
      await newAttribute(server, admin, survey.form.id, survey.postStage, {
        type: 'media',
        input: 'upload',
        label: 'Private photo',
        response_private: true,
      })
    ).key;
  });

  const read = (id: number, token?: string) => server.api.request('GET', mediaUrl(id), { token });
  const postWith = (token: string | undefined, values: Record<string, unknown>, extra: Record<string, unknown> = {}) =>
    server.api.post('/posts', postBody(survey.form.id, { values, ...extra }), { token });

  it("hides a draft's photo, its caption and its file URL from those who may not read the draft", async () => {
    const { body: photo } = await upload(PNG_1X1, { token: who.member.token, caption: 'Found at the scene' });
    const draft = await postWith(who.member.token, { [survey.keys.media]: [photo.id] }, { status: 'draft' });
    expectStatus(draft, 200);
    const anonymous = await read(photo.id);
    expect(anonymous.status).toBe(401);
    expect(anonymous.text).not.toContain(photo.original_file_url);
    expect(anonymous.text).not.toContain('Found at the scene');
    expect((await read(photo.id, who.client)).status).toBe(403);
    expect((await read(photo.id, who.other.token)).status).toBe(403);
    // Its uploader, those who may read the draft, and admins.
    expect((await read(photo.id, who.member.token)).body.caption).toBe('Found at the scene');
    expect((await read(photo.id, who.manager.token)).status).toBe(200);
    expect((await read(photo.id, admin)).status).toBe(200);
    // Once the post is published, everyone may see it.
    expectStatus(await server.api.put(`/posts/${draft.body.id}`, { status: 'published' }, { token: who.admin }), 200);
    const published = await read(photo.id);
    expect(published.status).toBe(200);
    expect(published.body).toMatchObject({ id: photo.id, caption: 'Found at the scene', allowed_privileges: ['read', 'create'] });
    // Back to a draft, hidden again; deleted, it is its uploader's only.
    expectStatus(await server.api.put(`/posts/${draft.body.id}`, { status: 'draft' }, { token: who.admin }), 200);
    expect((await read(photo.id)).status).toBe(401);
    expectStatus(await server.api.del(`/posts/${draft.body.id}`, { token: who.admin }), 200);
    expect((await read(photo.id, who.other.token)).status).toBe(403);
    expect((await read(photo.id, who.member.token)).status).toBe(200);
  });

  it('follows the field: a photo in a private response shows to the post author and managers only', async () => {
    const photo = (await upload(PNG_1X1, { token: who.member.token })).body.id as number;
    const post = await postWith(who.member.token, { [privatePhoto]: [photo] }, { status: 'published' });
    expectStatus(post, 200);
    expect((await read(photo)).status).toBe(401);
    expect((await read(photo, who.other.token)).status).toBe(403);
    expect((await read(photo, who.manager.token)).status).toBe(200);
  });

  it('keeps a photo no post shows to its uploader and admins, and lets the legacy client upload then post', async () => {
    const mine = (await upload(PNG_1X1, { token: who.member.token })).body.id as number;
    expect((await read(mine)).status).toBe(401);
    expect((await read(mine, who.other.token)).status).toBe(403);
    expect((await read(mine, who.manager.token)).status).toBe(403);
    expect((await read(mine, who.member.token)).status).toBe(200);
    // An anonymous visitor uploads, then creates a post naming the upload: published, so readable.
    const anonymous = (await upload(PNG_1X1, { token: who.client })).body.id as number;
    expect((await read(anonymous, who.client)).status).toBe(403);
    expect((await read(anonymous, admin)).status).toBe(200);
    const post = await postWith(who.client, { [survey.keys.media]: [anonymous] }, { status: 'published' });
    expect([200, 204]).toContain(post.status);
    expect((await read(anonymous, who.client)).status).toBe(200);
    expect((await read(anonymous)).status).toBe(200);
  });

  it('links the media of posts written before the link table existed (its migration)', async () => {
    const photo = (await upload(PNG_1X1, { token: who.member.token })).body.id as number;
    const post = await postWith(who.member.token, { [survey.keys.media]: [photo, 999999] }, { status: 'draft' });
    expectStatus(post, 422);
    const saved = await postWith(who.member.token, { [survey.keys.media]: [photo], [privatePhoto]: [photo] }, { status: 'published' });
    expectStatus(saved, 200);
    const links = () =>
      server.ctx.db
        .selectFrom('posts_media')
        .select(['form_attribute_id', 'media_id'])
        .where('post_id', '=', saved.body.id)
        .orderBy('form_attribute_id')
        .execute();
    const written = await links();
    expect(written).toHaveLength(2);
    // Stored values that name no media (a deleted upload) or are no id link nothing.
    await server.ctx.db
      .updateTable('posts')
      .set({ values: JSON.stringify({ ...saved.body.values, [survey.keys.media]: [photo, 999999, 'x'] }) })
      .where('id', '=', saved.body.id)
      .execute();
    await postsMedia.down(server.ctx.db as never);
    await postsMedia.up(server.ctx.db as never);
    expect(await links()).toEqual(written);
    expect((await read(photo)).status).toBe(200);
  });

  it('keeps serving the file by its unguessable name, the capability the JSON hands out', async () => {
    const { body: photo } = await upload(PNG_1X1, { token: who.member.token });
    expect(photo.original_file_url).toMatch(/\/media\/files\/\d{4}\/\d{2}\/[0-9a-f]{32}\.png$/);
    const file = await fetch(photo.original_file_url);
    expect(file.status).toBe(200);
    expect(file.headers.get('referrer-policy')).toBe('no-referrer');
  });
});
