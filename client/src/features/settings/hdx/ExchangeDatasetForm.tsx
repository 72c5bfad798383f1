import type { HxlMetadataBody } from '@platform/shared';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { listHxlLicenses, listHxlOrganisations } from '../../../api/endpoints/hdx';
import { isApiError } from '../../../api/errors';
import { useLiveQuery } from '../../../providers/query/useLiveQuery';
import { useServices } from '../../../providers/services-context';
import { TextAreaField, TextField } from '../../../ui/Field';
import { SelectField } from '../../../ui/SelectField';

type Values = {
  title: string;
  source: string;
  organisation: string;
  license: string;
  visibility: 'private' | 'public';
  description: string;
};
type Problems = Partial<Record<keyof Values | 'form', string>>;

/**
 * The dataset metadata of an export sent to the exchange (spec 3 "Export and data exchange"),
 * private by default, with the caller's organisations asked from the exchange and its licenses.
 */
export function ExchangeDatasetForm({
  exportJob,
  saving,
  saveError,
  onSave,
}: {
  exportJob: number;
  saving: boolean;
  saveError: string | null;
  onSave: (body: HxlMetadataBody) => void;
}) {
  const { t } = useTranslation();
  const { api } = useServices();
  const licenses = useLiveQuery(['hxl-licenses'], () => listHxlLicenses(api));
  const organisations = useLiveQuery(['hxl-organisations'], () => listHxlOrganisations(api), { retry: false });
  const [values, setValues] = useState<Values>({
    title: '',
    source: '',
    organisation: '',
    license: '',
    visibility: 'private',
    description: '',
  });
  const [problems, setProblems] = useState<Problems>({});
  const set = (name: keyof Values) => (event: { target: { value: string } }) => setValues((v) => ({ ...v, [name]: event.target.value }));

  function submit(event: FormEvent) {
    event.preventDefault();
    const found: Problems = {
      ...(values.title.trim() ? {} : { title: t('hdx.validation.title') }),
      ...(values.source.trim() ? {} : { source: t('hdx.validation.source') }),
      ...(values.organisation ? {} : { organisation: t('hdx.validation.organisation') }),
      ...(values.license ? {} : { license: t('hdx.validation.license') }),
    };
    if (Object.keys(found).length > 0) return setProblems({ ...found, form: t('hdx.details.fill_required') });
    setProblems({});
    onSave({
      export_job_id: exportJob,
      dataset_title: values.title.trim(),
      source: values.source.trim(),
      organisation_id: values.organisation,
      organisation_name: organisations.data?.find((o) => o.id === values.organisation)?.title ?? null,
      license_id: Number(values.license),
      private: values.visibility === 'private',
      description: values.description.trim() || null,
    });
  }

  const formError = problems.form ?? saveError;
  return (
    <>
      {organisations.isError ? (
        <p className="form-error" role="alert">
          {isApiError(organisations.error) ? organisations.error.messages.join(' ') : t('hdx.details.organisations_failed')}
        </p>
      ) : null}
      <form noValidate onSubmit={submit} className="settings-form">
        <fieldset className="field">
          <legend className="field-label">{t('hdx.details.visibility')}</legend>
          {(['private', 'public'] as const).map((choice) => (
            <label key={choice} className="hdx-choice">
              <input
                className="checkbox"
                type="radio"
                name="visibility"
                value={choice}
                checked={values.visibility === choice}
                onChange={set('visibility')}
              />
              {t(`hdx.details.${choice}`)}
            </label>
          ))}
        </fieldset>
        <TextField label={t('hdx.details.dataset_title')} required value={values.title} error={problems.title} onChange={set('title')} />
        <TextField label={t('hdx.details.source')} required value={values.source} error={problems.source} onChange={set('source')} />
        <SelectField
          label={t('hdx.details.organisation')}
          required
          value={values.organisation}
          error={problems.organisation}
          onChange={set('organisation')}
        >
          <option value="">{t('hdx.details.choose')}</option>
          {(organisations.data ?? []).map((o) => (
            <option key={o.id} value={o.id}>
              {o.title}
            </option>
          ))}
        </SelectField>
        <SelectField label={t('hdx.details.license')} required value={values.license} error={problems.license} onChange={set('license')}>
          <option value="">{t('hdx.details.choose')}</option>
          {(licenses.data ?? []).map((l) => (
            <option key={l.id} value={l.id}>
              {l.name}
            </option>
          ))}
        </SelectField>
        <TextAreaField label={t('hdx.details.description')} value={values.description} onChange={set('description')} />
        {formError ? (
          <p className="form-error" role="alert">
            {formError}
          </p>
        ) : null}
        <div className="form-actions">
          <button type="submit" className="button button-primary" disabled={saving}>
            {t('hdx.details.submit')}
          </button>
        </div>
      </form>
    </>
  );
}
