import type { Form } from '@platform/shared';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { SelectField } from '../../../ui/SelectField';
import { ImportProblems } from './ImportProblems';
import type { ImportProblem } from './import-mapping';

type Props = {
  forms: Form[];
  formId: number | null;
  problems: ImportProblem[];
  busy: boolean;
  onFile: (file: File | null) => void;
  onForm: (formId: number | null) => void;
  onNext: () => void;
};

/** Step 1 (spec 3 section 4): the CSV file and the survey its rows become posts of. */
export function ImportFileStep({ forms, formId, problems, busy, onFile, onForm, onNext }: Props) {
  const { t } = useTranslation();
  const fileId = useId();
  return (
    <form
      className="settings-form"
      aria-labelledby="import-step-title"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        onNext();
      }}
    >
      <p className="import-step">{t('data_import.step', { step: 1 })}</p>
      <h2 id="import-step-title">{t('data_import.step1_title')}</h2>
      <ImportProblems problems={problems} />
      <div className="field">
        <label htmlFor={fileId} className="field-label">
          {t('data_import.file')}
          <span aria-hidden="true"> *</span>
        </label>
        <input
          id={fileId}
          type="file"
          accept=".csv,text/csv,text/plain"
          aria-describedby={`${fileId}-hint`}
          onChange={(event) => onFile(event.target.files?.[0] ?? null)}
        />
        <p id={`${fileId}-hint`} className="field-hint">
          {t('data_import.file_hint')}
        </p>
      </div>
      {forms.length === 0 ? (
        <p className="alert alert-warning">{t('data_import.no_surveys')}</p>
      ) : (
        <SelectField
          label={t('data_import.survey')}
          required
          value={formId ?? ''}
          onChange={(event) => onForm(event.target.value ? Number(event.target.value) : null)}
        >
          <option value="">{t('data_import.choose_survey')}</option>
          {forms.map((form) => (
            <option key={form.id} value={form.id}>
              {form.name}
            </option>
          ))}
        </SelectField>
      )}
      <div className="form-actions">
        <button type="submit" className="button button-primary" disabled={busy}>
          {busy ? t('data_import.uploading') : t('data_import.next')}
        </button>
      </div>
    </form>
  );
}
