import { LIMIT_TITLES } from '@platform/shared';
import type { TFunction } from 'i18next';
import type { UseFormSetError } from 'react-hook-form';
import { ApiError, isApiError } from '../../../api/errors';
import { applyPointerErrors } from '../../../api/form-errors';
import { apiErrorTexts } from '../../notices/api-error-text';
import type { UserFormValues } from './user-form.schema';

const FIELDS = ['realname', 'email', 'password', 'role'] as const;
const isAdminLimit = (entry: { title?: string; message: string }) =>
  entry.title === LIMIT_TITLES.admin || entry.message === LIMIT_TITLES.admin;

/**
 * What a failed user save shows: field errors at their fields, the admin plan limit as its own text
 * (spec 3 section 8, `limit::admin`), and every other message in the returned list.
 */
export function userSaveProblems(
  t: TFunction,
  error: unknown,
  setError: UseFormSetError<UserFormValues>,
): { limit: boolean; details: string[] } {
  if (!isApiError(error)) return { limit: false, details: apiErrorTexts(t, error) };
  const limit = error.entries.some(isAdminLimit);
  if (limit) setError('role', { type: 'server', message: 'limit.admin_limit_reached' });
  const rest = new ApiError(
    error.status,
    error.entries.filter((entry) => !isAdminLimit(entry)),
  );
  if (rest.fieldProblems.length === 0) return { limit, details: limit ? [] : apiErrorTexts(t, error) };
  return { limit, details: applyPointerErrors(rest, setError, FIELDS) };
}
