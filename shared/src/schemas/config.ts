import { z } from 'zod';
import { emptyListAsObject, fitsFreeJson, freeJsonTooLarge, freeObject, LooseBoolean } from './common';
import { queryWords } from './list-query';

export const CONFIG_GROUPS = ['features', 'site', 'deployment_id', 'test', 'data-provider', 'map', 'twitter', 'gmail'] as const;
export type ConfigGroup = (typeof CONFIG_GROUPS)[number];
/** Readable by anyone, even on a private deployment (API-CONTRACT 6). */
export const PUBLIC_CONFIG_GROUPS: readonly ConfigGroup[] = ['features', 'map', 'site', 'deployment_id'];
/** Nobody writes these through the API, not even an administrator. */
export const READONLY_CONFIG_GROUPS: readonly ConfigGroup[] = ['features', 'deployment_id'];

export const ConfigMessages = {
  siteNameRequired: 'Site name is required',
  siteNameLength: 'Site name must be between 3 and 255 characters',
  emailInvalid: 'This email address is invalid',
  languageInvalid: 'Language must be 2 to 5 characters',
  timezoneInvalid: 'Timezone is not a valid timezone',
  dateFormatInvalid: 'Date format is not valid',
  latitude: 'Latitude must be between -90 and 90',
  longitude: 'Longitude must be between -180 and 180',
  zoom: 'Zoom must be between 0 and 18',
  precision: 'Location precision must be a whole number between 0 and 9',
  clusterRadius: 'Cluster radius must be a positive whole number',
  providerUnknown: 'is not an available data provider',
} as const;
const M = ConfigMessages;

/** A loose boolean whose failure names the field (a bare union would only say "Invalid input"). */
const Flag = (label: string) => z.union(LooseBoolean.options, { error: `${label} must be true or false` });

function isTimezone(value: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

const Digits = (message: string, max?: number) =>
  z.coerce
    .number({ error: message })
    .int(message)
    .min(0, message)
    .max(max ?? Number.MAX_SAFE_INTEGER, message);

/**
 * The body of `PUT /config/{group}` for a group's schema: its keys are checked, the others stored
 * as given (API-CONTRACT 6); every stored value is capped like other free-form JSON, and `[]`
 * (PHP's empty object) is an empty body.
 */
export function configGroupBody<T extends z.ZodRawShape>(group: z.ZodObject<T, z.core.$loose>) {
  return z.preprocess(
    emptyListAsObject,
    group.superRefine((values, ctx) => {
      for (const [key, value] of Object.entries(values)) {
        if (!fitsFreeJson(value)) ctx.addIssue({ code: 'custom', path: [key], message: freeJsonTooLarge(key) });
      }
    }),
  );
}

export const SiteConfigUpdate = z.looseObject({
  name: z
    .string({ error: M.siteNameRequired })
    .trim()
    .min(1, M.siteNameRequired)
    .min(3, M.siteNameLength)
    .max(255, M.siteNameLength)
    .optional(),
  description: z.string().nullable().optional(),
  email: z
    .union([z.literal(''), z.email(M.emailInvalid).max(150, M.emailInvalid)])
    .nullable()
    .optional(),
  language: z.string().min(2, M.languageInvalid).max(5, M.languageInvalid).optional(),
  timezone: z.string().refine(isTimezone, M.timezoneInvalid).optional(),
  date_format: z
    .string()
    .regex(/^[djDlNSwzWFmMntLoYyaABgGhHisuveIOPTZcrU\s/.,:-]+$/, M.dateFormatInvalid)
    .optional(),
  private: Flag('Private').optional(),
  disable_registration: Flag('Disable registration').optional(),
  first_login: Flag('First login').optional(),
  image_header: z.string().nullable().optional(),
  donation: freeObject('donation').optional(),
});

export const DefaultViewSchema = z.looseObject({
  lat: z.coerce.number({ error: M.latitude }).min(-90, M.latitude).max(90, M.latitude).optional(),
  lon: z.coerce.number({ error: M.longitude }).min(-180, M.longitude).max(180, M.longitude).optional(),
  zoom: z.coerce.number({ error: M.zoom }).min(0, M.zoom).max(18, M.zoom).optional(),
  baselayer: z.string().optional(),
  fit_map_boundaries: Flag('Fit map boundaries').optional(),
});

export const MapConfigUpdate = z.looseObject({
  clustering: Flag('Clustering').optional(),
  cluster_radius: Digits(M.clusterRadius).optional(),
  location_precision: Digits(M.precision, 9).optional(),
  default_view: z.preprocess(emptyListAsObject, DefaultViewSchema).optional(),
});

/** `providers` switches them on and off; each provider's settings are an object of its own (never `[]`). */
export function dataProviderConfigUpdate(available: readonly string[]) {
  return z.looseObject({
    providers: z
      .preprocess(
        emptyListAsObject,
        z.record(z.string(), Flag('A data provider switch')).superRefine((providers, ctx) => {
          for (const key of Object.keys(providers)) {
            if (!available.includes(key)) ctx.addIssue({ code: 'custom', message: `${key} ${M.providerUnknown}` });
          }
        }),
      )
      .optional(),
    ...Object.fromEntries(available.map((name) => [name, freeObject(name).optional()])),
  });
}

export type ConfigObject = Record<string, unknown> & { id: ConfigGroup };

/** `GET /config?groups[]=site&groups[]=map` restricts the answer to those groups (API-CONTRACT 6). */
export const ConfigListQuery = z.object({ groups: queryWords });
export type ConfigListQuery = z.infer<typeof ConfigListQuery>;
