import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { loadLanguage } from '../session/session-storage';
import { useSession } from '../features/session/useSession';
import { changeLanguage } from '../i18n/i18n';
import { useLiveQuery } from '../providers/query/useLiveQuery';
import { useConfigState } from '../providers/config-context';
import { useServices } from '../providers/services-context';

/**
 * The language to start in when the person never picked one: theirs once logged in, else the
 * site's (the picker's choice, stored, always wins).
 */
export function useDefaultLanguage() {
  const { storage } = useServices();
  const { config } = useConfigState();
  const { session } = useSession();
  const preferred = session?.language || config?.site.language || null;
  useEffect(() => {
    if (preferred && !loadLanguage(storage)) void changeLanguage(preferred);
  }, [preferred, storage]);
}

/**
 * Install debug mode left on exposes server details: whoever can open settings gets a notice that
 * stays until closed (spec 1 section 8). `/verifier/db` answers 204 when the mode is off.
 */
export function useDebugModeNotice() {
  const { t } = useTranslation();
  const { api, notices } = useServices();
  const { canOpenSettings, session } = useSession();
  const userId = canOpenSettings ? session?.userId : null;
  const debugMode = useLiveQuery(
    ['debug-mode'],
    // Unreachable or refused: nothing is known about the mode, so nothing is said.
    () =>
      api.get('/verifier/db', z.unknown(), { ignore403: true }).then(
        (body) => body !== undefined,
        () => false,
      ),
    { enabled: Boolean(userId) },
  ).data;
  const on = Boolean(userId) && debugMode === true;
  useEffect(() => {
    if (!on) return;
    const shown = notices.permanent('warning', t('debug_mode.notice'));
    return () => notices.dismiss(shown);
  }, [on, notices, t]);
}
