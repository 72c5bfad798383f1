import { PNG_1X1 } from '../../tests/integration/helpers/images';
import { MANAGER_ROLE, type Seeder } from './seeder';
import { sampleValues, type Surveys } from './seed-surveys';

type Tokens = { admin: string; member: string; manager: string };

/**
 * What users make: media, posts in every status by every kind of author (one with a value of every
 * field type, with revisions, one locked), collections and saved searches, contacts,
 * notifications, messages, user settings, API keys, terms agreements.
 */
export async function seedContent(seeder: Seeder, tokens: Tokens, refs: Surveys & { memberId: number }): Promise<{ mediaFiles: string[] }> {
  const { admin, member, manager } = tokens;
  const { formId } = refs;

  // Media: the admin's, a member's, an anonymous upload; their files are served under /media/files.
  const mediaFiles: string[] = [];
  const upload = async (token: string | undefined, canDelete: boolean) => {
    const body = new FormData();
    body.append('file', new Blob([new Uint8Array(PNG_1X1)], { type: 'image/png' }), 'fuzz.png');
    body.append('caption', 'A fuzz photo');
    const media = await seeder.call<{ id: number; original_file_url: string }>('POST', '/media', body, token);
    mediaFiles.push(new URL(media.original_file_url).pathname);
    return seeder.keep('media', media.id, canDelete);
  };
  const photo = await upload(admin, false);
  await upload(member, false);
  await upload(undefined, true);
  await upload(admin, true);

  const post = async (token: string, body: Record<string, unknown>, canDelete = false) => {
    const created = await seeder.call('POST', '/posts', { content: 'Fuzz report', ...body }, token);
    return seeder.keep('posts', created.id, canDelete);
  };
  const published = await post(admin, { title: 'Fuzz published', status: 'published', form: { id: formId } });
  const values = Object.fromEntries(
    refs.fields.map((f) => [f.key, sampleValues(f, { postId: published, mediaId: photo, tagId: refs.tagId })]),
  );
  const full = await post(admin, {
    title: 'Fuzz every field',
    status: 'published',
    form: { id: formId },
    values,
    completed_stages: [refs.reviewStage],
  });
  await post(admin, { title: 'Fuzz draft', status: 'draft', form: { id: formId } });
  await post(admin, { title: 'Fuzz archived', status: 'archived' });
  await post(admin, { title: 'Fuzz restricted', status: 'published', published_to: [MANAGER_ROLE] });
  await post(member, { title: 'Fuzz member draft', form: { id: refs.simpleFormId } });
  await post(manager, { title: 'Fuzz manager post', status: 'published', tags: [refs.tagId] });
  await post(admin, { title: 'Fuzz child', status: 'published', parent_id: published });
  for (let i = 0; i < 5; i++) await post(admin, { title: `Fuzz spare ${i}`, status: i % 2 ? 'draft' : 'published' }, true);
  await seeder.call('PUT', `/posts/${full}`, { title: 'Fuzz every field, revised' }, admin);
  for (const { id } of (await seeder.call<{ results: Array<{ id: number }> }>('GET', `/posts/${full}/revisions`, undefined, admin))
    .results) {
    seeder.keep('revisions', id);
    seeder.pair('posts/revisions', full, id);
  }
  await seeder.call('PUT', `/posts/${published}/lock`, undefined, manager);

  // Collections and saved searches: the admin's featured one, a member's, a role-limited one, spares.
  const set = (path: string, token: string, body: Record<string, unknown>, canDelete = false) =>
    seeder.call('POST', path, body, token).then((s) => seeder.keep(path.slice(1), s.id, canDelete));
  const featured = await set('/collections', admin, { name: 'Fuzz featured', view: 'list', featured: true, view_options: { zoom: 3 } });
  const mine = await set('/collections', member, { name: 'Fuzz member collection' });
  await set('/collections', admin, { name: 'Fuzz managers only', role: [MANAGER_ROLE] });
  await set('/collections', admin, { name: 'Fuzz spare collection' }, true);
  for (const [collection, postId, token] of [
    [featured, published, admin],
    [featured, full, admin],
    [mine, published, member],
  ] as const) {
    await seeder.call('POST', `/collections/${collection}/posts`, { id: postId }, token);
    seeder.pair('collections/posts', collection, postId);
  }
  const search = await set('/savedsearches', admin, {
    name: 'Fuzz search',
    view: 'map',
    featured: true,
    filter: { status: ['published'], form: [formId] },
  });
  await set('/savedsearches', member, { name: 'Fuzz member search', filter: { q: 'flood' } });
  await set('/savedsearches', admin, { name: 'Fuzz spare search', filter: {} }, true);

  // Contacts (a reporter's arrives through a data source, as SMS do), notifications, messages.
  const contact = (token: string, body: Record<string, unknown>, canDelete = false) =>
    seeder.call('POST', '/contacts', body, token).then((c) => seeder.keep('contacts', c.id, canDelete));
  await contact(member, { type: 'email', contact: 'member-contact@fuzz.example.org', can_notify: true });
  await contact(member, { type: 'phone', contact: '+254700000101' }, true);
  await contact(admin, { type: 'email', contact: 'admin-contact@fuzz.example.org' });
  const reporter = (
    await seeder.node.ctx.db
      .insertInto('contacts')
      .values({ user_id: null, type: 'phone', contact: '+254700000199', data_source: 'smssync' })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
  seeder.keep('contacts', reporter);
  seeder.keep('notifications', (await seeder.call('POST', '/notifications', { set: featured }, member)).id);
  seeder.keep('notifications', (await seeder.call('POST', '/notifications', { set: search }, admin)).id, true);
  for (let i = 0; i < 3; i++) {
    const message = await seeder.node.services.messages.receive({
      contactId: reporter,
      message: `Fuzz incoming ${i}`,
      type: 'sms',
      dataSource: 'smssync',
      dataSourceMessageId: `fuzz-${i}`,
      postId: i === 0 ? published : null,
    });
    seeder.keep('messages', message.id);
  }
  seeder.keep('messages', (await seeder.call('POST', '/messages', { contact_id: reporter, message: 'Fuzz reply' }, manager)).id);

  // A user setting, API keys, an agreement to the terms, and the permissions there are.
  const setting = await seeder.call(
    'POST',
    `/users/${refs.memberId}/settings`,
    { config_key: 'hdx_api_key', config_value: 'fuzz-api-key' },
    member,
  );
  seeder.keep('settings', setting.id);
  seeder.pair('users/settings', refs.memberId, setting.id);
  seeder.keep('apikeys', (await seeder.call('POST', '/apikeys', {}, admin)).id);
  seeder.keep('apikeys', (await seeder.call('POST', '/apikeys', {}, admin)).id, true);
  seeder.keep('tos', (await seeder.call('POST', '/tos', { tos_version_date: '2024-01-01T00:00:00+00:00' }, member)).id);
  for (const { id } of (await seeder.call<{ results: Array<{ id: number }> }>('GET', '/permissions', undefined, admin)).results)
    seeder.keep('permissions', id);
  return { mediaFiles };
}
