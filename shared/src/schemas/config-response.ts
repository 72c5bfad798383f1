import { z } from 'zod';
import { LooseBoolean } from './common';

/**
 * Config groups as the API presents them (API-CONTRACT 6). Loose: deployments store extra keys,
 * and the client only relies on the ones named here.
 */
export const SiteConfigSchema = z.looseObject({
  id: z.literal('site'),
  name: z.string().nullable().optional(),
  description: z.string().nullable().optional(),
  email: z.string().nullable().optional(),
  language: z.string().nullable().optional(),
  image_header: z.string().nullable().optional(),
  first_login: LooseBoolean.optional(),
  private: LooseBoolean.optional(),
  disable_registration: LooseBoolean.optional(),
  tier: z.string().nullable().optional(),
  expiration_date: z.string().nullable().optional(),
  extension_date: z.string().nullable().optional(),
  allowed_privileges: z.array(z.string()).default([]),
});
export type SiteConfig = z.infer<typeof SiteConfigSchema>;

const Enabled = z.looseObject({ enabled: LooseBoolean.optional() });

export const FeaturesConfigSchema = z.looseObject({
  id: z.literal('features'),
  views: z.record(z.string(), LooseBoolean).optional(),
  /** `true` means unlimited (spec 1 section 9). */
  limits: z.record(z.string(), z.union([z.boolean(), z.number()])).optional(),
  'data-providers': z.record(z.string(), LooseBoolean).optional(),
  private: Enabled.optional(),
  roles: Enabled.optional(),
  webhooks: Enabled.optional(),
  'data-import': Enabled.optional(),
  'targeted-surveys': Enabled.optional(),
  'user-settings': Enabled.optional(),
  'anonymise-reporters': Enabled.optional(),
  hxl: Enabled.optional(),
  allowed_privileges: z.array(z.string()).default([]),
});
export type FeaturesConfig = z.infer<typeof FeaturesConfigSchema>;

export const MapConfigSchema = z.looseObject({
  id: z.literal('map'),
  clustering: LooseBoolean.optional(),
  cluster_radius: z.number().optional(),
  location_precision: z.number().optional(),
  default_view: z.looseObject({}).optional(),
  allowed_privileges: z.array(z.string()).default([]),
});
export type MapConfig = z.infer<typeof MapConfigSchema>;

/** `GET /config`: a results list without paging fields. */
export const ConfigListSchema = z.object({
  count: z.number().int(),
  results: z.array(z.looseObject({ id: z.string(), allowed_privileges: z.array(z.string()).default([]) })),
});
export type ConfigList = z.infer<typeof ConfigListSchema>;
