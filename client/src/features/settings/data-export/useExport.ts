import { useSelector } from '@xstate/react';
import { useEffect, useState } from 'react';
import { createActor, fromPromise } from 'xstate';
import { cancelExportJob, createExportJob, getExportJob } from '../../../api/endpoints/exports';
import { useServices } from '../../../providers/services-context';
import { useServerEvents } from '../../../providers/useServerEvents';
import { exportMachine, exportPushOf } from './export.machine';

/**
 * The export machine for as long as the screen is mounted, fed by pushed `export.*` events and
 * told when the socket is live again after a drop (its one catch-up read). No timers, no polling.
 */
export function useExport() {
  const { api, realtime } = useServices();
  const [actor] = useState(() =>
    createActor(
      exportMachine.provide({
        actors: {
          create: fromPromise(({ input }) => createExportJob(api, input)),
          read: fromPromise(({ input }) => getExportJob(api, input.id)),
          cancel: fromPromise(({ input }) => cancelExportJob(api, input.id)),
        },
      }),
    ),
  );

  useEffect(() => {
    actor.start();
    let dropped = false;
    const unsubscribe = realtime.onStatus((status) => {
      if (status === 'offline') dropped = true;
      if (status === 'live' && dropped) {
        dropped = false;
        actor.send({ type: 'RECONNECTED' });
      }
    });
    // Not stopped on unmount: an effect re-run (strict mode) would find a stopped actor.
    return unsubscribe;
  }, [actor, realtime]);

  useServerEvents(
    (event) => event.aggregate_type === 'export',
    (event) => {
      const push = exportPushOf(event);
      if (push) actor.send({ type: 'PUSHED', push });
    },
  );

  const snapshot = useSelector(actor, (s) => s);
  return { snapshot, send: actor.send };
}
