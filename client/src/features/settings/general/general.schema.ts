import { ConfigMessages, EMAIL_MAX, SiteConfigUpdate, type MapConfig, type SiteConfig } from '@platform/shared';
import { z } from 'zod';
import { baseLanguage, LANGUAGES } from '../../../i18n/languages';
import { BASELAYERS, toBaselayer } from '../../map/base-layers';

export { BASELAYERS, toBaselayer };

const M = ConfigMessages;

/** A number typed into a text box, checked against its range (spec 3 section 5, map settings). */
const numberIn = (message: string, min: number, max: number, integer = false) =>
  z
    .string()
    .trim()
    .min(1, message)
    .transform(Number)
    .pipe(z.number({ error: message }).refine((n) => n >= min && n <= max && (!integer || Number.isInteger(n)), message));

const isEmail = (value: string) => z.email().safeParse(value).success;

/** General and map settings: the shared site-name rule, a valid e-mail when given, map ranges. */
export const GeneralSettingsSchema = z.object({
  name: SiteConfigUpdate.shape.name.unwrap(),
  description: z.string(),
  email: z
    .string()
    .trim()
    .refine((v) => v === '' || (v.length <= EMAIL_MAX && isEmail(v)), M.emailInvalid),
  language: z.string(),
  private: z.boolean(),
  disable_registration: z.boolean(),
  lat: numberIn(M.latitude, -90, 90),
  lon: numberIn(M.longitude, -180, 180),
  zoom: numberIn(M.zoom, 0, 18, true),
  location_precision: numberIn(M.precision, 0, 9, true),
  baselayer: z.enum(BASELAYERS),
  clustering: z.boolean(),
});
export type GeneralSettingsInput = z.input<typeof GeneralSettingsSchema>;
export type GeneralSettingsValues = z.output<typeof GeneralSettingsSchema>;

/** What the precision means on screen: kilometres = 1000 / 10^n (spec 3 section 5). */
export const precisionKilometres = (digits: number): number => 1000 / 10 ** digits;

/** The stored language as one of the offered choices when it is one (`en-US` is English). */
export function languageChoice(stored: string | null | undefined): string {
  const base = baseLanguage(stored);
  return LANGUAGES.some((l) => l.code === base) ? base : (stored ?? '');
}

const text = (value: unknown): string => (value === undefined || value === null ? '' : String(value));

export function toFormValues(site: SiteConfig, map: MapConfig): GeneralSettingsInput {
  const view = (map.default_view ?? {}) as Record<string, unknown>;
  return {
    name: site.name ?? '',
    description: site.description ?? '',
    email: site.email ?? '',
    language: languageChoice(site.language),
    private: site.private === true,
    disable_registration: site.disable_registration === true,
    lat: text(view.lat),
    lon: text(view.lon),
    zoom: text(view.zoom),
    location_precision: text(map.location_precision),
    baselayer: toBaselayer(view.baselayer),
    clustering: map.clustering !== false,
  };
}

export type SiteSwitches = { privateEnabled: boolean; registrationSwitchEnabled: boolean; precisionEnabled: boolean };

/** The site group's body: switches only when their feature is on, the language only once changed. */
export function siteBody(
  values: GeneralSettingsValues,
  languageChanged: boolean,
  switches: SiteSwitches,
  imageHeader: string | null | undefined,
) {
  return {
    name: values.name,
    description: values.description,
    email: values.email,
    ...(languageChanged ? { language: values.language } : {}),
    ...(switches.privateEnabled ? { private: values.private } : {}),
    ...(switches.registrationSwitchEnabled ? { disable_registration: values.disable_registration } : {}),
    ...(imageHeader === undefined ? {} : { image_header: imageHeader }),
  };
}

/** The map group's body; `default_view` is stored whole, so its other keys are kept. */
export function mapBody(values: GeneralSettingsValues, map: MapConfig, switches: SiteSwitches) {
  return {
    clustering: values.clustering,
    ...(switches.precisionEnabled ? { location_precision: values.location_precision } : {}),
    default_view: { ...(map.default_view ?? {}), lat: values.lat, lon: values.lon, zoom: values.zoom, baselayer: values.baselayer },
  };
}
