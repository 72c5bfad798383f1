import { useSelector } from '@xstate/react';
import { useState } from 'react';
import { createActor, fromPromise } from 'xstate';
import { cancelExportJob, createExportJob, getExportJob } from '../../../api/endpoints/exports';
import { useServices } from '../../../providers/services-context';
import { useJobFeed } from '../../../providers/useJobFeed';
import { exportPushOf } from './export-push';
import { exportMachine } from './export.machine';

/**
 * The export machine for as long as the screen is mounted, fed by pushed `export.*` events
 * (`useJobFeed`). No timers, no polling.
 */
export function useExport() {
  const { api } = useServices();
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

  useJobFeed(
    actor,
    (event) => event.aggregate_type === 'export',
    (event) => {
      const push = exportPushOf(event);
      return push ? { type: 'PUSHED' as const, push } : null;
    },
  );

  const snapshot = useSelector(actor, (s) => s);
  return { snapshot, send: actor.send };
}
