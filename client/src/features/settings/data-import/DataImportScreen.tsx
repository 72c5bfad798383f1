import { useSelector } from '@xstate/react';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { listForms } from '../../../api/endpoints/forms';
import { useServices } from '../../../providers/services-context';
import { useLiveQuery } from '../../../providers/query/useLiveQuery';
import { useScreenMeta } from '../../../providers/useScreenMeta';
import { CancelImportDialog } from './CancelImportDialog';
import { ImportFileStep } from './ImportFileStep';
import { ImportMappingStep } from './ImportMappingStep';
import { afterImportPath } from './import-paths';
import { useImportActor } from './useImportActor';
import './data-import.css';

/** /settings/data-import (spec 3 sections 2 and 4): step 1, step 2, then on to the after-import page. */
export function DataImportScreen() {
  const { t } = useTranslation();
  const { api, notices } = useServices();
  const navigate = useNavigate();
  useScreenMeta(t('data_import.title'), { robots: 'noindex, nofollow' });
  const actor = useImportActor({});
  const snapshot = useSelector(actor, (s) => s);
  const { context } = snapshot;
  const forms = useLiveQuery(['forms'], () => listForms(api));

  const importing = snapshot.matches('importing') ? context.importId : null;
  useEffect(() => {
    if (importing !== null) void navigate(afterImportPath(importing));
  }, [importing, navigate]);

  // Say so once when a file is uploaded, and when step 2 was cancelled.
  const uploaded = snapshot.matches('mapping') ? context.csv : null;
  const announced = useRef<number | null>(null);
  useEffect(() => {
    if (!uploaded || announced.current === uploaded.id) return;
    announced.current = uploaded.id;
    notices.success(t('data_import.csv_upload', { name: uploaded.filename }));
  }, [uploaded, notices, t]);
  const cancelling = snapshot.matches({ mapping: 'cancelling' });
  const wasCancelling = useRef(false);
  useEffect(() => {
    if (wasCancelling.current && !cancelling && snapshot.matches('upload')) notices.info(t('data_import.csv_import_cancel'));
    wasCancelling.current = cancelling;
  }, [cancelling, snapshot, notices, t]);

  const surveyName = forms.data?.find((f) => f.id === context.formId)?.name ?? '';
  return (
    <section aria-labelledby="data-import-title" className="data-import">
      <div className="screen-header">
        <h1 id="data-import-title">{t('data_import.title')}</h1>
      </div>
      <p className="screen-intro">{t('data_import.intro')}</p>
      {snapshot.matches('mapping') || snapshot.matches('validating') ? (
        <ImportMappingStep
          csv={context.csv!}
          surveyName={surveyName}
          fields={context.fields}
          options={context.options}
          mapping={context.mapping}
          status={context.status}
          problems={context.problems}
          busy={!snapshot.matches({ mapping: 'editing' })}
          onMap={(column, target) => actor.send({ type: 'MAP', column, target })}
          onStatus={(status) => actor.send({ type: 'SET_STATUS', status })}
          onImport={() => actor.send({ type: 'IMPORT' })}
          onCancel={() => actor.send({ type: 'CANCEL' })}
        />
      ) : forms.isPending ? (
        <p role="status">{t('common.processing')}</p>
      ) : (
        <ImportFileStep
          forms={forms.data ?? []}
          formId={context.formId}
          problems={context.problems}
          busy={!snapshot.matches('upload')}
          onFile={(file) => actor.send({ type: 'SET_FILE', file })}
          onForm={(formId) => actor.send({ type: 'SET_FORM', formId })}
          onNext={() => actor.send({ type: 'NEXT' })}
        />
      )}
      {snapshot.matches({ mapping: 'confirmingCancel' }) ? (
        <CancelImportDialog onKeep={() => actor.send({ type: 'KEEP' })} onConfirm={() => actor.send({ type: 'CONFIRM_CANCEL' })} />
      ) : null}
    </section>
  );
}
