import {
  CONFIG_GROUPS,
  configGroupBody,
  dataProviderConfigUpdate,
  emptyListAsObject,
  MapConfigUpdate,
  SiteConfigUpdate,
  type ConfigGroup,
} from '@platform/shared';
import { z } from 'zod';
import type { Auth } from '../../auth/auth';
import { configRule } from '../../auth/policy/config.policy';
import { authorize } from '../../auth/policy/policy';
import type { Db } from '../../db/database';
import type { RunInTransaction } from '../../db/tx';
import { appendEvent } from '../../events/events.repository';
import { notFound, parseBody } from '../../http/errors';
import { configDefaults, DATA_PROVIDERS } from './settings.defaults';
import { loadGroup, mergeKeys, upsertKeys } from './settings.repository';

const CACHE_MS = 5000;
/** Keys that belong to the rendering, never stored. */
const RENDERED_KEYS = new Set(['id', 'url', 'allowed_privileges']);

export const isConfigGroup = (value: string): value is ConfigGroup => (CONFIG_GROUPS as readonly string[]).includes(value);

const validators: Partial<Record<ConfigGroup, z.ZodType>> = {
  site: configGroupBody(SiteConfigUpdate),
  map: configGroupBody(MapConfigUpdate),
  'data-provider': configGroupBody(dataProviderConfigUpdate(DATA_PROVIDERS)),
};
const anyGroup = configGroupBody(z.looseObject({}));

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Stored keys replace defaults; stored objects are merged one level so new default keys appear. A
 * stored `[]` where the default is an object is the incumbent's empty object.
 */
function merge(defaults: Record<string, unknown>, stored: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = { ...defaults };
  for (const [key, raw] of Object.entries(stored)) {
    const base = defaults[key];
    const value = isPlainObject(base) ? emptyListAsObject(raw) : raw;
    out[key] = isPlainObject(base) && isPlainObject(value) ? { ...base, ...value } : value;
  }
  return out;
}

/** `data-provider` keys whose stored map takes in what is sent rather than being replaced by it. */
const MERGED_KEYS = new Set(['providers']);

export type SettingsService = ReturnType<typeof createSettingsService>;

/**
 * Deployment settings (the `/config` groups). Reads are cached for a few seconds and dropped at
 * once when this node writes or when the event reader sees another node's `config.updated`.
 */
export function createSettingsService(deps: { db: Db; tx: RunInTransaction; deploymentId: string }) {
  const cache = new Map<ConfigGroup, { at: number; value: Record<string, unknown> }>();
  const defaults = configDefaults(deps.deploymentId);

  async function get(group: ConfigGroup): Promise<Record<string, unknown>> {
    const hit = cache.get(group);
    if (hit && Date.now() - hit.at < CACHE_MS) return hit.value;
    const value = merge(defaults[group], await loadGroup(deps.db, group));
    cache.set(group, { at: Date.now(), value });
    return value;
  }

  async function feature(name: string): Promise<boolean> {
    const value = (await get('features'))[name];
    return isPlainObject(value) ? value.enabled === true : value === true;
  }

  return {
    get,
    feature,
    invalidate: (group?: string) => (group && isConfigGroup(group) ? cache.delete(group) : cache.clear()),

    /** `site.private` counts only while the `private` feature is on (API-CONTRACT 4.3). */
    isPrivate: async () => (await get('site')).private === true && (await feature('private')),
    registrationDisabled: async () => (await get('site')).disable_registration === true && (await feature('disable_registration')),
    rolesEnabled: () => feature('roles'),
    /** A plan limit: `true` means unlimited, a number caps the count. */
    limit: async (name: 'posts' | 'forms' | 'admin_users'): Promise<number | null> => {
      const limits = (await get('features')).limits;
      const value = isPlainObject(limits) ? limits[name] : true;
      return typeof value === 'number' ? value : null;
    },

    async read(auth: Auth, group: string) {
      if (!isConfigGroup(group)) return notFound('config group', group);
      authorize(configRule, auth, 'read', { group });
      return { group, values: await get(group) };
    },

    async update(auth: Auth, group: string, body: unknown) {
      if (!isConfigGroup(group)) return notFound('config group', group);
      authorize(configRule, auth, 'update', { group });
      const input = isPlainObject(body) ? Object.fromEntries(Object.entries(body).filter(([k]) => !RENDERED_KEYS.has(k))) : body;
      const parsed = parseBody(validators[group] ?? anyGroup, input, 'config') as Record<string, unknown>;
      const changes = Object.fromEntries(Object.entries(parsed).filter(([, v]) => v !== undefined));
      await deps.tx(async (trx) => {
        // The providers map takes in the providers sent and keeps the others (a client may send one).
        const merged = group === 'data-provider' ? MERGED_KEYS : new Set<string>();
        await upsertKeys(trx, group, Object.fromEntries(Object.entries(changes).filter(([k]) => !merged.has(k))));
        await mergeKeys(trx, group, Object.fromEntries(Object.entries(changes).filter(([k]) => merged.has(k))));
        await appendEvent(trx, {
          type: 'config.updated',
          aggregateType: 'config',
          aggregateId: group,
          actorId: auth.userId,
          payload: { group, keys: Object.keys(changes) },
        });
      });
      cache.delete(group);
      return { group, values: await get(group) };
    },
  };
}
