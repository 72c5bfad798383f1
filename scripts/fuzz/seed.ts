import { ANONYMOUS_SCOPES, DEFAULT_ADMIN_EMAIL, PUBLIC_CLIENT_ID, PUBLIC_CLIENT_SECRET } from '@platform/shared';
import { issueTokens } from '../../server/src/auth/tokens.repository';
import { seedContent } from './seed-content';
import { MANAGER_ROLE, Seeder, type SeedNode } from './seeder';
import { seedSurveys, type Field } from './seed-surveys';

export type { Field } from './seed-surveys';

const PASSWORD = 'fuzzing is fun 2024';

/** Who sends a request: the value of its Authorization header (none for the anonymous visitor). */
export type Identity = { name: string; authorization?: string };

/**
 * What the fuzz knows of the deployment: ids per path segment (`posts`, `forms` ...) for path
 * parameters, the ids that may be deleted (the identities' own accounts and roles, and the survey
 * most data hangs on, are not), id pairs of nested routes, and what bodies need to look real.
 */
export type World = {
  identities: Identity[];
  ids: Record<string, number[]>;
  expendable: Record<string, number[]>;
  pairs: Record<string, Array<[number, number]>>;
  fields: Field[];
  formId: number;
  stageIds: number[];
  tagIds: number[];
  roleNames: string[];
  mediaFiles: string[];
  assets: string[];
  emails: string[];
};

/**
 * Seeds a fresh deployment through the API, as clients would (a handful of logins at the start and
 * never a wrong password for a real account, so the login throttle never locks the fuzz out), and
 * through the database only for what no request can make: an expired token, incoming SMS.
 */
export async function seedWorld(node: SeedNode, adminPassword: string, assets: string[] = []): Promise<World> {
  const seeder = new Seeder(node);
  const grant = (body: Record<string, unknown>) =>
    seeder.call<{ access_token: string }>('POST', '/oauth/token', {
      client_id: PUBLIC_CLIENT_ID,
      client_secret: PUBLIC_CLIENT_SECRET,
      ...body,
    });
  const login = async (username: string, scope = '*') =>
    (await grant({ grant_type: 'password', username, password: username === DEFAULT_ADMIN_EMAIL ? adminPassword : PASSWORD, scope }))
      .access_token;

  const admin = await login(DEFAULT_ADMIN_EMAIL);
  const client = (await grant({ grant_type: 'client_credentials', scope: ANONYMOUS_SCOPES.join(' ') })).access_token;
  seeder.keep('users', (await seeder.call('GET', '/users/me', undefined, admin)).id);

  // Roles and accounts: a manager role (Manage Posts), a spare role, the identities, spare users.
  const role = (name: string, permissions: string[], canDelete: boolean) =>
    seeder.call('POST', '/roles', { name, display_name: name, permissions }, admin).then((r) => seeder.keep('roles', r.id, canDelete));
  await role(MANAGER_ROLE, ['Manage Posts'], false);
  await role('fuzz-spare', [], true);
  for (const { id } of (await seeder.call<{ results: Array<{ id: number }> }>('GET', '/roles', undefined, admin)).results)
    if (!seeder.ids.roles!.includes(id)) seeder.keep('roles', id);
  const user = async (name: string, role: string, canDelete: boolean) => {
    const email = `${name}@fuzz.example.org`;
    const created = await seeder.call('POST', '/users', { email, password: PASSWORD, realname: `Fuzz ${name}`, role }, admin);
    return { id: seeder.keep('users', created.id, canDelete), email };
  };
  const member = await user('member', 'user', false);
  const manager = await user('manager', MANAGER_ROLE, false);
  const leaver = await user('leaver', 'user', false);
  const spares = [await user('spare1', 'user', true), await user('spare2', 'fuzz-spare', true), await user('spare3', 'user', true)];

  const tokens = { admin, member: await login(member.email), manager: await login(manager.email) };
  const narrow = await login(member.email, 'posts');
  // A deleted account's token: revoked with the account.
  const deleted = await login(leaver.email);
  await seeder.call('DELETE', `/users/${leaver.id}`, undefined, admin);
  seeder.ids.users = seeder.ids.users!.filter((id) => id !== leaver.id);
  // An expired token: only the clock (or the database) makes one.
  const expired = await issueTokens(node.ctx.db, {
    clientId: PUBLIC_CLIENT_ID,
    userId: member.id,
    scopes: ['*'],
    withRefresh: false,
    now: new Date(Date.now() - 30 * 24 * 3600 * 1000),
  });

  const surveys = await seedSurveys(seeder, admin);
  const { mediaFiles } = await seedContent(seeder, tokens, { ...surveys, memberId: member.id });
  seeder.ids['country-codes'] = [1, 2, 114, 246];

  return {
    identities: [
      { name: 'anonymous' },
      { name: 'client', authorization: `Bearer ${client}` },
      { name: 'member', authorization: `Bearer ${tokens.member}` },
      { name: 'manager', authorization: `Bearer ${tokens.manager}` },
      { name: 'admin', authorization: `Bearer ${admin}` },
      { name: 'narrow-scope', authorization: `Bearer ${narrow}` },
      { name: 'deleted-user', authorization: `Bearer ${deleted}` },
      { name: 'expired', authorization: `Bearer ${expired.accessToken}` },
    ],
    ids: seeder.ids,
    expendable: seeder.expendable,
    pairs: seeder.pairs,
    fields: surveys.fields,
    formId: surveys.formId,
    stageIds: seeder.ids.stages!,
    tagIds: seeder.ids.tags!,
    roleNames: ['admin', 'user', MANAGER_ROLE, 'fuzz-spare'],
    mediaFiles,
    assets,
    emails: [member.email, manager.email, ...spares.map((s) => s.email)],
  };
}
