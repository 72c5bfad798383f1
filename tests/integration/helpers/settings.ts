import type { TestServer } from './server';

/** Stores one config key directly (read-only groups such as `features` included) and drops the caches. */
export async function setConfig(server: TestServer, group: string, key: string, value: unknown): Promise<void> {
  await server.ctx.db
    .insertInto('config')
    .values({ group_name: group, key, value: JSON.stringify(value) })
    .onConflict((oc) => oc.columns(['group_name', 'key']).doUpdateSet({ value: JSON.stringify(value) }))
    .execute();
  server.ctx.settings.invalidate(group);
  server.ctx.answers.changed();
}

/** Back to the default value of one config key. */
export async function resetConfig(server: TestServer, group: string, key: string): Promise<void> {
  await server.ctx.db.deleteFrom('config').where('group_name', '=', group).where('key', '=', key).execute();
  server.ctx.settings.invalidate(group);
  server.ctx.answers.changed();
}

export const setFeature = (server: TestServer, feature: string, enabled: boolean) => setConfig(server, 'features', feature, { enabled });

/** `site.private` on (the `private` feature is on by default): anonymous callers are refused. */
export const setPrivate = (server: TestServer, value: boolean) => setConfig(server, 'site', 'private', value);
