import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../api/errors';
import { useServices } from '../../providers/services-context';
import { apiErrorTexts } from './api-error-text';

/** Whether a load failed because the record does not exist (then the screen shows the 404 page). */
export const isNotFound = (error: unknown) => isApiError(error) && error.status === 404;

/** A warning titled `title` for each failed load: `error` is the query's, null while none failed. */
export function useLoadFailedNotice(error: unknown, title: string): void {
  const { t } = useTranslation();
  const { notices } = useServices();
  useEffect(() => {
    if (error) notices.warning(title, apiErrorTexts(t, error));
  }, [error, title, notices, t]);
}
