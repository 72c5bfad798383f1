import { LIMIT_TITLES } from '@platform/shared';
import type { TFunction } from 'i18next';
import { isApiError } from '../../api/errors';

const LIMIT_KEYS: Record<string, string> = {
  [LIMIT_TITLES.posts]: 'limit.post_limit_reached',
  [LIMIT_TITLES.admin]: 'limit.admin_limit_reached',
  [LIMIT_TITLES.forms]: 'limit.survey_limit_reached',
};

/** Each message of an API error, with plan-limit entries turned into their notices (spec 1 section 8). */
export function apiErrorTexts(t: TFunction, error: unknown): string[] {
  if (!isApiError(error)) return [error instanceof Error ? error.message : String(error)];
  return error.entries.map((entry) => {
    const key = LIMIT_KEYS[entry.title ?? ''] ?? LIMIT_KEYS[entry.message];
    return key ? t(key) : entry.message;
  });
}
