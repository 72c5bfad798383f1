import { PUBLIC_CLIENT_ID, PUBLIC_CLIENT_SECRET } from '@platform/shared';
import type { Rng } from './rng';
import type { World } from './seed';
import { sampleValues } from './seed-surveys';
import { MANAGER_ROLE } from './seeder';

type Sample = (rng: Rng, world: World) => Record<string, unknown>;

const some = <T>(rng: Rng, items: readonly T[]): T[] => items.filter(() => rng.chance(0.5));
const id = (rng: Rng, world: World, segment: string) => rng.pick(world.ids[segment] ?? [1]);
const uniqueName = (rng: Rng, prefix: string) => `${prefix} ${rng.int(0, 1e9).toString(36)}`;

/** Only the fields that are present survive: a sample is a plausible, not a complete, body. */
const partial = (rng: Rng, body: Record<string, unknown>, keep: readonly string[] = []) =>
  Object.fromEntries(Object.entries(body).filter(([key]) => keep.includes(key) || rng.chance(0.6)));

const post: Sample = (rng, world) => {
  const fields = some(rng, world.fields);
  const refs = { postId: id(rng, world, 'posts'), mediaId: id(rng, world, 'media'), tagId: id(rng, world, 'tags') };
  return partial(
    rng,
    {
      title: uniqueName(rng, 'Fuzz post'),
      content: 'Something happened',
      form: { id: rng.chance(0.8) ? world.formId : id(rng, world, 'forms') },
      values: Object.fromEntries(fields.map((field) => [field.key, sampleValues(field, refs)])),
      status: rng.pick(['published', 'draft', 'archived']),
      tags: some(rng, world.tagIds),
      completed_stages: some(rng, world.stageIds),
      published_to: some(rng, world.roleNames),
      post_date: '2024-02-03T04:05:06+00:00',
      author_realname: 'Fuzz Reporter',
      author_email: 'reporter@fuzz.example.org',
      locale: 'en_us',
      slug: 'fuzz-post',
      parent_id: id(rng, world, 'posts'),
      user_id: id(rng, world, 'users'),
    },
    ['title', 'content'],
  );
};

const set: Sample = (rng, world) =>
  partial(
    rng,
    {
      name: uniqueName(rng, 'Fuzz set'),
      description: 'Fuzzed',
      view: rng.pick(['map', 'list', 'chart', 'timeline', 'data']),
      view_options: { zoom: 3, center: [1, 2] },
      role: some(rng, world.roleNames),
      featured: rng.chance(0.5),
      filter: { status: ['published'], form: [world.formId], tags: some(rng, world.tagIds), q: 'flood' },
    },
    ['name', 'filter'],
  );

const CONFIG: Record<string, Record<string, unknown>> = {
  site: {
    name: 'Fuzz deployment',
    description: 'Fuzzed',
    email: 'site@fuzz.example.org',
    language: 'en-US',
    timezone: 'UTC',
    date_format: 'n/j/Y',
  },
  map: {
    clustering: true,
    cluster_radius: 50,
    location_precision: 2,
    default_view: { lat: -1.3, lon: 36.8, zoom: 4, baselayer: 'streets' },
  },
  'data-provider': { providers: { email: true, smssync: true }, email: { incoming_type: 'IMAP' } },
  twitter: { twitter_search_terms: 'fuzz' },
  test: { testkey: 'value' },
};

const user: Sample = (rng, world) =>
  partial(rng, {
    email: `${uniqueName(rng, 'fuzz').replace(' ', '-')}@fuzz.example.org`,
    password: 'a fuzzing password',
    realname: 'Fuzz Person',
    role: rng.pick(world.roleNames),
    language: 'en-US',
    username: uniqueName(rng, 'fuzz').replace(' ', '_'),
  });

const attribute: Sample = (rng, world) =>
  partial(
    rng,
    {
      label: uniqueName(rng, 'Fuzz field'),
      ...rng.pick([
        { type: 'varchar', input: 'text' },
        { type: 'varchar', input: 'select', options: ['a', 'b'] },
        { type: 'tags', input: 'tags', options: world.tagIds },
        { type: 'point', input: 'location' },
        { type: 'int', input: 'number' },
        { type: 'media', input: 'upload' },
        { type: 'relation', input: 'relation' },
      ]),
      form_stage_id: rng.pick(world.stageIds),
      priority: rng.int(0, 20),
      required: rng.chance(0.3),
      cardinality: rng.int(0, 3),
      config: { hasCaption: true },
      default: 'x',
      instructions: 'Fill it in',
      response_private: rng.chance(0.3),
      key: uniqueName(rng, 'fuzz-key').replace(' ', '-'),
    },
    ['label', 'type', 'input'],
  );

const grant: Sample = (rng, world) => ({
  client_id: PUBLIC_CLIENT_ID,
  client_secret: PUBLIC_CLIENT_SECRET,
  scope: rng.pick(['*', 'posts', 'posts users', 'nonexistent']),
  ...rng.pick([
    // Never a real identity's account with a wrong password: that would lock it (login throttle).
    { grant_type: 'password', username: rng.pick([...world.emails.slice(2), 'nobody@fuzz.example.org']), password: 'wrong password' },
    { grant_type: 'client_credentials' },
    { grant_type: 'refresh_token', refresh_token: 'not-a-refresh-token' },
    { grant_type: 'authorization_code', code: 'x' },
  ]),
});

/**
 * A plausible body per route and method (keyed by the route pattern under /api/v3), the starting
 * point of most mutations: a body that is valid but for one field reaches much deeper code than
 * random bytes do.
 */
const SAMPLES: Record<string, Sample> = {
  'POST /posts': post,
  'PUT /posts/:id': post,
  'POST /collections': set,
  'PUT /collections/:id': set,
  'POST /savedsearches': set,
  'PUT /savedsearches/:id': set,
  'POST /collections/:id/posts': (rng, world) => ({ id: id(rng, world, 'posts') }),
  'PUT /config/:group': (rng) => CONFIG[rng.pick(Object.keys(CONFIG))]!,
  'POST /users': user,
  'PUT /users/:id': user,
  'PUT /users/me': user,
  'POST /register': (rng) => ({
    realname: 'Fuzz Registrant',
    email: `${uniqueName(rng, 'reg').replace(' ', '-')}@fuzz.example.org`,
    password: 'registering is fun',
  }),
  'POST /passwordreset': (rng, world) => ({ email: rng.pick(world.emails) }),
  'POST /passwordreset/confirm': () => ({ token: 'bm90LWEtdG9rZW4=', password: 'a new password' }),
  'POST /roles': (rng) => ({
    name: uniqueName(rng, 'fuzz-role').replace(' ', '-'),
    display_name: 'Fuzz role',
    description: 'Fuzzed',
    permissions: ['Manage Posts'],
  }),
  'PUT /roles/:id': () => ({ display_name: 'Fuzz role renamed', description: 'Fuzzed', permissions: ['Delete Posts'] }),
  'POST /tags': (rng, world) =>
    partial(
      rng,
      {
        tag: uniqueName(rng, 'Fuzz tag'),
        slug: uniqueName(rng, 'fuzz-tag').replace(' ', '-'),
        type: rng.pick(['category', 'status']),
        color: '#00ff00',
        icon: 'tag',
        description: 'Fuzzed',
        priority: 5,
        role: some(rng, world.roleNames),
        parent_id: id(rng, world, 'tags'),
      },
      ['tag'],
    ),
  'POST /forms': (rng) =>
    partial(
      rng,
      {
        name: uniqueName(rng, 'Fuzz form'),
        description: 'Fuzzed',
        color: '#123456',
        disabled: false,
        hide_author: rng.chance(0.5),
        hide_time: false,
        hide_location: false,
        require_approval: rng.chance(0.5),
        everyone_can_create: rng.chance(0.5),
        targeted_survey: false,
      },
      ['name'],
    ),
  'POST /forms/:formId/stages': (rng) =>
    partial(
      rng,
      {
        label: uniqueName(rng, 'Fuzz task'),
        type: rng.pick(['post', 'task']),
        priority: rng.int(0, 9),
        icon: 'star',
        required: rng.chance(0.3),
        show_when_published: rng.chance(0.5),
        task_is_internal_only: rng.chance(0.5),
        description: 'Fuzzed',
      },
      ['label'],
    ),
  'POST /forms/:formId/attributes': attribute,
  'PUT /forms/:formId/attributes/:id': attribute,
  'PUT /forms/:formId/roles': (rng, world) => ({ roles: some(rng, [...world.roleNames, ...(world.ids.roles ?? [])]) }),
  'POST /contacts': (rng, world) =>
    partial(
      rng,
      {
        ...rng.pick([
          { type: 'email', contact: `${uniqueName(rng, 'c').replace(' ', '')}@fuzz.example.org` },
          { type: 'phone', contact: `+2547${rng.int(10_000_000, 99_999_999)}` },
          { type: 'twitter', contact: '@fuzz' },
        ]),
        can_notify: rng.chance(0.5),
        data_source: 'email',
        user_id: id(rng, world, 'users'),
      },
      ['type', 'contact'],
    ),
  'POST /notifications': (rng, world) => ({
    set: id(rng, world, rng.pick(['collections', 'savedsearches'])),
    user_id: id(rng, world, 'users'),
  }),
  'POST /messages': (rng, world) =>
    partial(
      rng,
      {
        message: 'A fuzzed reply',
        contact_id: id(rng, world, 'contacts'),
        parent_id: id(rng, world, 'messages'),
        type: 'sms',
        title: 'Fuzz',
        direction: 'outgoing',
        user_id: id(rng, world, 'users'),
      },
      ['message'],
    ),
  'PUT /messages/:id': (rng) => ({ status: rng.pick(['received', 'expired', 'cancelled', 'pending', 'sent', 'archived']) }),
  'PUT /media/:id': () => ({ caption: 'A new caption' }),
  'POST /tos': () => ({ tos_version_date: '2024-05-01T00:00:00+00:00' }),
  'POST /users/:user_id/settings': (rng) => ({ config_key: rng.pick(['hdx_api_key', 'hdx_maintainer_id']), config_value: 'fuzzed-value' }),
  'POST /oauth/token': grant,
};
SAMPLES['PUT /tags/:id'] = SAMPLES['POST /tags']!;
SAMPLES['PUT /forms/:id'] = SAMPLES['POST /forms']!;
SAMPLES['PUT /forms/:formId/stages/:id'] = SAMPLES['POST /forms/:formId/stages']!;
SAMPLES['PUT /contacts/:id'] = SAMPLES['POST /contacts']!;
SAMPLES['PUT /notifications/:id'] = SAMPLES['POST /notifications']!;
SAMPLES['PUT /users/:user_id/settings/:id'] = SAMPLES['POST /users/:user_id/settings']!;

/** The sample body for a route, or a small generic object where the route takes none. */
export function sampleBody(method: string, route: string, rng: Rng, world: World): Record<string, unknown> {
  const sample = SAMPLES[`${method} ${route.replace(/^\/api\/v3/, '')}`];
  return sample ? sample(rng, world) : { id: id(rng, world, 'posts'), name: 'fuzz' };
}

/** Keys a mutation may add: real field names of other resources, and some nobody reads. */
export const EXTRA_KEYS = [
  'id',
  'user_id',
  'form_id',
  'form',
  'parent_id',
  'set',
  'status',
  'role',
  'values',
  'tags',
  'filter',
  'view_options',
  'options',
  'config',
  'published_to',
  'completed_stages',
  'post_date',
  'contact_id',
  'priority',
  'allowed_privileges',
  'url',
  'created',
  'protected',
  '__proto__',
  'constructor',
  'toString',
  '',
  'a'.repeat(300),
];

const POST_FILTERS = (rng: Rng, world: World) => {
  const field = rng.pick(world.fields);
  return [
    'status[]=published&status[]=draft',
    'status=all&limit=5&offset=2&orderby=created&order=desc',
    `form[]=${world.formId}&form[]=none&tags[any]=${world.tagIds.join(',')}`,
    `tags[all]=${world.tagIds[0]}&set=${id(rng, world, 'collections')}`,
    'q=flood&user=me&source[]=web&source[]=sms&has_location=mapped',
    'bbox=30,-5,40,5&center_point=-1.28,36.82&within_km=50',
    'created_after=2024-01-01&created_before=2030-01-01&date_after=2020-01-01T00:00:00Z&updated_before=now',
    `values[${field.key}][]=${encodeURIComponent(String(field.options[0] ?? 'Fuzz text'))}&values[${field.key}][]=x`,
    `include_attributes[]=${field.key}&include_types[]=point&published_to[]=${MANAGER_ROLE}`,
    `created_before_by_id=${id(rng, world, 'posts')}&post_id=${id(rng, world, 'posts')}&parent=${id(rng, world, 'posts')}`,
  ];
};

/**
 * A valid query per route pattern (under /api/v3), the starting point of most query mutations, so
 * the search, stats and map code sees its real parameters, and then each of them wrong.
 */
const QUERY_SAMPLES: Record<string, (rng: Rng, world: World) => string[]> = {
  '/posts': POST_FILTERS,
  '/posts/geojson': POST_FILTERS,
  '/posts/geojson/:z/:x/:y': POST_FILTERS,
  '/collections/:id/posts': POST_FILTERS,
  '/posts/stats': (rng, world) => [
    'group_by=status',
    'group_by=form&status[]=all',
    'group_by=tags&group_by_tags=all',
    `group_by=tags&group_by_tags=${world.tagIds[0]}`,
    `group_by=attribute&group_by_attribute_key=${rng.pick(world.fields).key}`,
    'group_by=source&include_unmapped=1',
    'timeline=1&timeline_interval=86400',
    `timeline=1&timeline_attribute=${rng.pick(world.fields).key}&timeline_interval=3600`,
    ...POST_FILTERS(rng, world).slice(0, 4),
  ],
  '/posts/clusters': () => [
    'zoom=3',
    'zoom=2&fit=958,606',
    'zoom=2&fit=0,x',
    'zoom=10&bbox=30,-5,40,5',
    'zoom=0&status[]=all',
    'zoom=20&bbox=-360,-90,360,90&form[]=1',
  ],
  '/geocode': () => ['q=Nairobi&limit=5', 'q=Mombasa', 'q=&limit=20'],
  '/forms/:formId/stats': () => ['created_after=2024-01-01&created_before=2030-01-01'],
  '/users': () => ['q=fuzz&role=user&orderby=realname&order=asc&limit=10', 'email=member@fuzz.example.org'],
  '/collections': () => ['q=fuzz&featured=1&editableBy=me&orderby=created&order=desc', 'user=me&limit=2'],
  '/savedsearches': () => ['q=fuzz&featured=true&user=me'],
  '/messages': (rng, world) => [
    `contact=${id(rng, world, 'contacts')}&box=inbox&status=received&orderby=created&order=asc&limit=5`,
    'box=outbox&status=all&type=sms&data_source=smssync&q=Fuzz',
    `post=${id(rng, world, 'posts')}&parent=${id(rng, world, 'messages')}&box=archived`,
  ],
  '/tags': (rng, world) => ['q=Fuzz&type=category&level=parent', `parent_id=${world.tagIds[0]}&tag[]=Fuzz%20shelter&tag[]=x`],
  '/forms': () => ['q=Fuzz&orderby=name&order=desc&disabled=0'],
  '/forms/attributes': () => ['order=asc&orderby=priority&type=varchar&input=text', 'form_id=1&label=Title&key=x'],
  '/forms/:formId/attributes': () => ['order=asc&orderby=priority', 'postStatus=published'],
  '/forms/:formId/stages': () => ['postStatus=published', 'postStatus=draft&orderby=priority'],
  '/config': () => ['groups[]=site&groups[]=map', 'groups=features,site'],
  '/country-codes': () => ['country_code=KE&dial_code=%2B254', 'limit=10&offset=240'],
  '/notifications': (rng, world) => [`user=me&set=${id(rng, world, 'collections')}`],
  '/contacts': () => ['user=me&type=email&data_source=email', 'contact=%2B254700000199'],
  '/roles': () => ['name=user', 'q=fuzz&orderby=name'],
  '/users/:user_id/settings': () => ['config_key=hdx_api_key'],
};

/** A valid query for the route, if there is one to start from. */
export function sampleQuery(route: string, rng: Rng, world: World): string | undefined {
  const samples = QUERY_SAMPLES[route.replace(/^\/api\/v3/, '')];
  return samples ? rng.pick(samples(rng, world)) : undefined;
}
