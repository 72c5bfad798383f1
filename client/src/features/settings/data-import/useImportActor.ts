import { ImportProgressSchema, type PushedEvent } from '@platform/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { createActor, fromPromise } from 'xstate';
import { cancelCsvImport, getCsvImport, latestCsvImport, mapCsvImport, startCsvImport, uploadCsv } from '../../../api/endpoints/csv';
import { listAttributes } from '../../../api/endpoints/forms';
import { useServices } from '../../../providers/services-context';
import { useJobFeed } from '../../../providers/useJobFeed';
import { targetOptions } from './import-mapping';
import { importMachine, type ImportInput } from './import.machine';

const IMPORT_EVENTS = ['import.progressed', 'import.completed', 'import.failed', 'import.cancelled'] as const;

/** The progress an `import.*` event carries, when it matches the shared schema. */
export function progressFromEvent(event: PushedEvent) {
  if (event.aggregate_type !== 'import') return null;
  const parsed = ImportProgressSchema.safeParse(event.payload);
  return parsed.success ? parsed.data : null;
}

/**
 * One import machine for the mounted screen, its requests made through the API client, fed with
 * the pushed `import.*` events and told when the socket is live again (`useJobFeed`).
 */
export function useImportActor(input: ImportInput) {
  const { api } = useServices();
  const { t } = useTranslation();
  const [actor] = useState(() =>
    createActor(
      importMachine.provide({
        actors: {
          upload: fromPromise(async ({ input: { file, formId } }) => {
            const [csv, attributes] = await Promise.all([uploadCsv(api, file, formId), listAttributes(api, formId)]);
            const fields = attributes.map((a) => ({ key: a.key, label: a.label, type: a.type, required: a.required }));
            const words = {
              title: t('post_editor.title'),
              content: t('post_editor.description'),
              lat: t('data_import.latitude'),
              lon: t('data_import.longitude'),
            };
            return { csv, fields, options: targetOptions(fields, words) };
          }),
          start: fromPromise(async ({ input: { id, body } }) => {
            await mapCsvImport(api, id, body);
            return startCsvImport(api, id);
          }),
          read: fromPromise(({ input: { id } }) => (id === 'latest' ? latestCsvImport(api) : getCsvImport(api, id))),
          cancel: fromPromise(({ input: { id } }) => cancelCsvImport(api, id)),
        },
      }),
      { input },
    ),
  );

  useJobFeed(actor, IMPORT_EVENTS, (event) => {
    const progress = progressFromEvent(event);
    return progress ? { type: 'PROGRESS' as const, progress } : null;
  });

  return actor;
}
