import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useServices } from '../providers/services-context';
import type { RealtimeStatus } from '../realtime/realtime-client';

/** Short drops (a login reconnecting under the new identity) pass without a word. */
export const CONNECTION_BANNER_DELAY_MS = 2000;

const isDown = (status: RealtimeStatus) => status === 'offline' || status === 'connecting';

/**
 * Says so while live updates are paused (server restart, network drop) after the tab had been
 * live, and goes away once the socket has caught up on what it missed (issue 7: reconnect without
 * loss). Nothing is lost meanwhile: the replay delivers the missed events in order.
 */
export function ConnectionBanner() {
  const { t } = useTranslation();
  const { realtime } = useServices();
  const [shown, setShown] = useState(false);

  useEffect(() => {
    let wasLive = realtime.status === 'live';
    let timer: ReturnType<typeof setTimeout> | undefined;
    const stop = realtime.onStatus((status) => {
      clearTimeout(timer);
      if (status === 'live') wasLive = true;
      if (wasLive && isDown(status)) timer = setTimeout(() => setShown(true), CONNECTION_BANNER_DELAY_MS);
      else setShown(false);
    });
    return () => {
      clearTimeout(timer);
      stop();
    };
  }, [realtime]);

  if (!shown) return null;
  return (
    <div className="connection-banner" role="status">
      {t('realtime.reconnecting')}
    </div>
  );
}
