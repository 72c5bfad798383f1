import {
  ADMIN_ROLE,
  DEFAULT_ADMIN_EMAIL,
  DEFAULT_ADMIN_USERNAME,
  MEMBER_ROLE,
  PERMISSIONS,
  PUBLIC_CLIENT_ID,
  PUBLIC_CLIENT_SECRET,
} from '@platform/shared';
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { Logger } from 'pino';
import { hashPassword } from '../auth/passwords';
import { randomToken, sha256 } from '../auth/secrets';
import type { Db } from './database';

const MARKER = { group_name: '_system', key: 'seeded' };

export type SeedOptions = {
  /** The administrator's first password; null means "generate one and print it once". */
  adminPassword: string | null;
  deploymentId?: string;
};

/**
 * Seeds a new deployment exactly once (a marker row records it): built-in roles and permissions,
 * the public OAuth client, the deployment id and the default administrator.
 */
export async function seedOnce(db: Db, options: SeedOptions, logger: Logger): Promise<{ seeded: boolean; deploymentId: string }> {
  const existing = await db
    .selectFrom('config')
    .select('value')
    .where('group_name', '=', 'deployment_id')
    .where('key', '=', 'deployment_id')
    .executeTakeFirst();
  const seeded = await db
    .selectFrom('config')
    .select('key')
    .where('group_name', '=', MARKER.group_name)
    .where('key', '=', MARKER.key)
    .executeTakeFirst();
  if (seeded && existing) return { seeded: false, deploymentId: String(existing.value) };

  const password = options.adminPassword ?? randomToken(12);
  const passwordHash = await hashPassword(password);
  const deploymentId = options.deploymentId ?? randomUUID();

  const created = await db.transaction().execute(async (trx) => {
    // Two nodes starting together must not both seed.
    await sql`select pg_advisory_xact_lock(hashtext('platform-seed'))`.execute(trx);
    const done = await trx
      .selectFrom('config')
      .select('key')
      .where('group_name', '=', MARKER.group_name)
      .where('key', '=', MARKER.key)
      .executeTakeFirst();
    if (done) return false;
    await trx
      .insertInto('roles')
      .values([
        { name: ADMIN_ROLE, display_name: 'Admin', description: 'Administrator', protected: true },
        { name: MEMBER_ROLE, display_name: 'Member', description: 'Registered member', protected: true },
      ])
      .onConflict((oc) => oc.column('name').doNothing())
      .execute();
    await trx
      .insertInto('permissions')
      .values(PERMISSIONS.map((name) => ({ name, description: name })))
      .onConflict((oc) => oc.column('name').doNothing())
      .execute();
    await trx
      .insertInto('roles_permissions')
      .values([
        { role: MEMBER_ROLE, permission: 'Edit their own posts' },
        { role: MEMBER_ROLE, permission: 'Delete Their Own Posts' },
      ])
      .onConflict((oc) => oc.columns(['role', 'permission']).doNothing())
      .execute();
    await trx
      .insertInto('oauth_clients')
      .values({ id: PUBLIC_CLIENT_ID, name: 'Web client', secret_hash: sha256(PUBLIC_CLIENT_SECRET) })
      .onConflict((oc) => oc.column('id').doNothing())
      .execute();
    await trx
      .insertInto('config')
      .values({ group_name: 'deployment_id', key: 'deployment_id', value: JSON.stringify(deploymentId) })
      .onConflict((oc) => oc.columns(['group_name', 'key']).doNothing())
      .execute();
    const admin = await trx
      .selectFrom('users')
      .select('id')
      .where((eb) =>
        eb.or([eb(eb.fn('lower', ['email']), '=', DEFAULT_ADMIN_EMAIL), eb(eb.fn('lower', ['username']), '=', DEFAULT_ADMIN_USERNAME)]),
      )
      .executeTakeFirst();
    if (!admin) {
      await trx
        .insertInto('users')
        .values({
          email: DEFAULT_ADMIN_EMAIL,
          username: DEFAULT_ADMIN_USERNAME,
          realname: 'Admin',
          password_hash: passwordHash,
          role: ADMIN_ROLE,
        })
        .execute();
    }
    await trx
      .insertInto('config')
      .values({ ...MARKER, value: JSON.stringify(new Date().toISOString()) })
      .execute();
    return true;
  });
  if (!created) {
    const stored = await db
      .selectFrom('config')
      .select('value')
      .where('group_name', '=', 'deployment_id')
      .where('key', '=', 'deployment_id')
      .executeTakeFirstOrThrow();
    return { seeded: false, deploymentId: String(stored.value) };
  }

  if (options.adminPassword === null) {
    logger.warn(`Created the administrator ${DEFAULT_ADMIN_EMAIL} with the password: ${password} (shown once; change it after logging in)`);
  } else {
    logger.info(`Created the administrator ${DEFAULT_ADMIN_EMAIL}`);
  }
  return { seeded: true, deploymentId };
}
