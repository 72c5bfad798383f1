import type { SettingsService } from '../settings/settings.service';
import { providerById, type ProviderDefinition } from './datasources.providers';

/** A provider as this deployment has it configured (`config/data-provider`, `features.data-providers`). */
export type ProviderSettings = {
  definition: ProviderDefinition;
  /** Offered by the plan (`features.data-providers`). */
  available: boolean;
  /** Available and switched on (`config/data-provider` `providers`). */
  enabled: boolean;
  /** The provider's own settings object: credentials, numbers, and the survey mapping. */
  values: Record<string, unknown>;
  /** The survey incoming messages become posts in, when mapped. */
  formId: number | null;
  /** Provider field (`Message`, `Date` ...) -> post key (`title`, `content`, an attribute key). */
  inboundFields: Record<string, string>;
};

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** A text option, trimmed; '' when absent or not text. */
export const textOption = (values: Record<string, unknown>, key: string): string => {
  const value = values[key];
  return typeof value === 'string' ? value.trim() : typeof value === 'number' ? String(value) : '';
};

function formIdOf(value: unknown): number | null {
  const n = typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : value;
  return typeof n === 'number' && Number.isInteger(n) && n > 0 ? n : null;
}

/** Reads one provider's settings through the pool: call it before opening a transaction (embedded database). */
export async function readProviderSettings(settings: SettingsService, id: string): Promise<ProviderSettings | null> {
  const definition = providerById(id);
  if (!definition) return null;
  const [features, config] = await Promise.all([settings.get('features'), settings.get('data-provider')]);
  const plan = isObject(features['data-providers']) ? features['data-providers'] : {};
  const switches = isObject(config.providers) ? config.providers : {};
  const values = isObject(config[id]) ? config[id] : {};
  const available = plan[id] === true;
  const mapping = isObject(values.inbound_fields) ? values.inbound_fields : {};
  return {
    definition,
    available,
    enabled: available && switches[id] === true,
    values,
    formId: formIdOf(values.form_id),
    inboundFields: Object.fromEntries(
      Object.entries(mapping).filter((entry): entry is [string, string] => typeof entry[1] === 'string' && entry[1] !== ''),
    ),
  };
}

/** The provider sends, and every option sending needs is filled in. */
export const canSend = (settings: ProviderSettings): boolean =>
  settings.definition.sendNeeds !== undefined && settings.definition.sendNeeds.every((key) => textOption(settings.values, key) !== '');
