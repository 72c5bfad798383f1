import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { loadLanguage } from '../features/session/session-storage';
import { useSession } from '../features/session/useSession';
import { changeLanguage } from '../i18n/i18n';
import { useConfigState } from './config-context';
import { useServices } from './services-context';

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
  useEffect(() => {
    if (!userId) return;
    let live = true;
    let shown: number | null = null;
    api
      .get('/verifier/db', z.unknown(), { ignore403: true })
      .then((body) => {
        if (live && body !== undefined) shown = notices.permanent('warning', t('debug_mode.notice'));
      })
      // Unreachable or refused: nothing is known about the mode, so nothing is said.
      .catch(() => undefined);
    return () => {
      live = false;
      if (shown !== null) notices.dismiss(shown);
    };
  }, [api, notices, t, userId]);
}
