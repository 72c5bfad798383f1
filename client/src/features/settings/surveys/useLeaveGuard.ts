import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useBlocker } from 'react-router';
import { useServices } from '../../../providers/services-context';

/**
 * Leaving with unsaved changes asks first (in-app navigation through the router, closing or
 * reloading the tab through the browser). Returns `release`, called before leaving on purpose.
 */
export function useLeaveGuard(dirty: boolean, message: string): () => void {
  const { t } = useTranslation();
  const { dialogs } = useServices();
  const released = useRef(false);
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => dirty && !released.current && currentLocation.pathname !== nextLocation.pathname,
  );

  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    // A blocker replaced while the dialog is open (another attempt to leave) answers on its own.
    const asked = new AbortController();
    void dialogs.confirm({ message, confirmLabel: t('survey.leave'), danger: true }).then((ok) => {
      if (asked.signal.aborted) return;
      if (ok) blocker.proceed();
      else blocker.reset();
    });
    return () => asked.abort();
  }, [blocker, dialogs, message, t]);

  useEffect(() => {
    if (!dirty) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [dirty]);

  return () => {
    released.current = true;
  };
}
