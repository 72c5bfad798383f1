import { useSelector } from '@xstate/react';
import { useState } from 'react';
import { createActor, fromPromise } from 'xstate';
import { getExportJob } from '../../../api/endpoints/exports';
import { getHxlMetadataOfExport, saveHxlMetadata } from '../../../api/endpoints/hdx';
import { isApiError } from '../../../api/errors';
import { useServices } from '../../../providers/services-context';
import { useJobFeed } from '../../../providers/useJobFeed';
import { exportPushOf } from '../data-export/export-push';
import { uploadMachine } from './upload.machine';

/**
 * The upload machine of one export for as long as its page is mounted, fed by pushed `export.*`
 * events (`useJobFeed`). No polling.
 */
export function useExchangeUpload(jobId: number) {
  const { api } = useServices();
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
