import { useSelector } from '@xstate/react';
import { useEffect, useState } from 'react';
import { createActor, fromPromise } from 'xstate';
import { getExportJob } from '../../../api/endpoints/exports';
import { getHxlMetadataOfExport, saveHxlMetadata } from '../../../api/endpoints/hdx';
import { isApiError } from '../../../api/errors';
import { useServices } from '../../../providers/services-context';
import { useServerEvents } from '../../../providers/useServerEvents';
import { uploadMachine, uploadPushOf } from './upload.machine';

/**
 * The upload machine of one export for as long as its page is mounted, fed by pushed `export.*`
 * events and told when the socket is live again after a drop (its one catch-up read). No polling.
 */
export function useExchangeUpload(jobId: number) {
  const { api, realtime } = useServices();
  const [actor] = useState(() =>
    createActor(
      uploadMachine.provide({
        actors: {
          read: fromPromise(async ({ input }) => {
            const [job, metadata] = await Promise.all([getExportJob(api, input.id), getHxlMetadataOfExport(api, input.id)]);
            return { job, metadata };
          }),
          save: fromPromise(async ({ input }) => {
            try {
              return await saveHxlMetadata(api, input);
            } catch (error) {
              throw isApiError(error) ? new Error(error.messages.join(' ')) : error;
            }
          }),
        },
      }),
      { input: { jobId } },
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
      const push = uploadPushOf(event);
      if (push) actor.send({ type: 'PUSHED', push });
    },
  );

  const snapshot = useSelector(actor, (s) => s);
  return { snapshot, send: actor.send };
}
