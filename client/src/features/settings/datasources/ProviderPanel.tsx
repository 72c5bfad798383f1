import type { Form } from '@platform/shared';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { DataProvider } from '../../../api/endpoints/datasources';
import { listAttributes } from '../../../api/endpoints/forms';
import { useServices } from '../../../providers/services-context';
import { useLiveQuery } from '../../../providers/query/useLiveQuery';
import { CheckboxField, TextField } from '../../../ui/Field';
import {
  EMAIL_PATTERN,
  fitsType,
  formIdOf,
  formValid,
  isRequired,
  mappingOf,
  optionControl,
  optionInvalid,
  optionValues,
  postKeyOf,
  providerBody,
} from './datasource-form';

export type ProviderState = {
  provider: DataProvider;
  /** Offered by the plan (`features.data-providers`). */
  available: boolean;
  enabled: boolean;
  stored: Record<string, unknown>;
};

/**
 * One provider: a panel that opens, its status dot, the enable switch (saves at once), the import
 * to a survey with its field mapping, and the provider's own options (spec 3 sections 2, 5, 8).
 */
export function ProviderPanel({
  state,
  forms,
  onToggle,
  onSave,
}: {
  state: ProviderState;
  forms: Form[];
  onToggle: (enabled: boolean) => Promise<void>;
  onSave: (body: Record<string, unknown>) => Promise<void>;
}) {
  const { t } = useTranslation();
  const { api } = useServices();
  const { provider, available, enabled, stored } = state;
  const id = useId();
  const [open, setOpen] = useState(false);
  const [values, setValues] = useState(() => optionValues(provider, stored));
  const storedForm = formIdOf(stored.form_id);
  // The saved association is restored only when its survey still exists (spec 3 section 5).
  const [formId, setFormId] = useState<number | null>(() => (forms.some((f) => f.id === storedForm) ? storedForm : null));
  const [importOn, setImportOn] = useState(formId !== null);
  const [mapping, setMapping] = useState(() => mappingOf(stored.inbound_fields));
  const [submitted, setSubmitted] = useState(false);
  const [busy, setBusy] = useState(false);
  // The switch shows the change while it saves; a failed save puts it back.
  const [switching, setSwitching] = useState<boolean | null>(null);
  const valid = formValid(provider, values);
  const attributes = useLiveQuery(['form-attributes', formId], () => listAttributes(api, formId ?? 0), {
    enabled: open && importOn && formId !== null,
  });

  const toggleImport = (on: boolean) => {
    setImportOn(on);
    if (on) return;
    setFormId(null);
    setMapping({});
  };

  const toggleEnabled = async (on: boolean) => {
    setBusy(true);
    setSwitching(on);
    try {
      await onToggle(on);
    } finally {
      setSwitching(null);
      setBusy(false);
    }
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (!valid) return;
    setBusy(true);
    try {
      await onSave(providerBody(stored, values, importOn, formId, mapping));
    } finally {
      setBusy(false);
    }
  };

  const fieldError = (key: string) => {
    const option = provider.options[key];
    return submitted && option && optionInvalid(option, values[key] ?? '') ? t('datasources.field_error') : undefined;
  };

  return (
    <li className={`provider-panel${open ? ' provider-open' : ''}`}>
      <h2 className="provider-heading">
        <button type="button" className="provider-toggle" aria-expanded={open} aria-controls={`${id}-body`} onClick={() => setOpen(!open)}>
          <span className="provider-name">{provider.name}</span>
        </button>
        {enabled ? <span className="provider-dot" role="img" aria-label={t('datasources.enabled_dot')} /> : null}
      </h2>
      {open ? (
        <form
          id={`${id}-body`}
          noValidate
          className="settings-form provider-body"
          onSubmit={(e) => void submit(e)}
          aria-busy={busy || undefined}
        >
          {!available ? (
            <p className="alert alert-warning" role="status">
              {t('datasources.unavailable', { name: provider.name })}
            </p>
          ) : !valid ? (
            <p className="alert alert-error" role="alert">
              {t('datasources.needs_configuring')}
            </p>
          ) : null}
          <fieldset className="form-section" disabled={busy || !available}>
            <legend className="visually-hidden">{t('datasources.options', { name: provider.name })}</legend>
            {available && valid ? (
              <CheckboxField
                switch
                label={t('datasources.enable', { name: provider.name })}
                checked={switching ?? enabled}
                onChange={(event) => void toggleEnabled(event.target.checked)}
              />
            ) : null}
            {available && valid ? (
              <CheckboxField
                switch
                label={t('datasources.import_to_survey')}
                checked={importOn}
                onChange={(event) => toggleImport(event.target.checked)}
              />
            ) : null}
            {available && valid && importOn ? (
              <>
                <fieldset className="provider-surveys">
                  <legend>{t('datasources.survey')}</legend>
                  {forms.length === 0 ? <p className="field-hint">{t('datasources.no_surveys')}</p> : null}
                  {forms.map((survey) => (
                    <label key={survey.id} className="field-check">
                      <input
                        type="radio"
                        name={`${id}-form`}
                        checked={formId === survey.id}
                        onChange={() => {
                          setFormId(survey.id);
                          setMapping({});
                        }}
                      />{' '}
                      {survey.name}
                    </label>
                  ))}
                </fieldset>
                {formId !== null ? (
                  <table className="provider-mapping">
                    <caption className="visually-hidden">{t('datasources.mapping_caption')}</caption>
                    <thead>
                      <tr>
                        <th scope="col">{t('datasources.provider_field', { name: provider.name })}</th>
                        <th scope="col">{t('datasources.survey_field')}</th>
                      </tr>
                    </thead>
                    <tbody>
                      {Object.entries(provider.inbound_fields).map(([field, type]) => (
                        <tr key={field}>
                          <th scope="row">
                            <label htmlFor={`${id}-map-${field}`}>{field}</label>
                          </th>
                          <td>
                            <select
                              id={`${id}-map-${field}`}
                              className="input"
                              value={mapping[field] ?? ''}
                              onChange={(event) => setMapping({ ...mapping, [field]: event.target.value })}
                            >
                              <option value="">{t('datasources.leave_empty')}</option>
                              {(attributes.data ?? [])
                                .filter((attribute) => fitsType(type, attribute.type))
                                .map((attribute) => (
                                  <option key={attribute.id} value={postKeyOf(attribute)}>
                                    {attribute.required ? t('datasources.required_field', { label: attribute.label }) : attribute.label}
                                  </option>
                                ))}
                            </select>
                          </td>
                        </tr>
                      ))}
                    </tbody>
                  </table>
                ) : null}
              </>
            ) : null}
            {Object.entries(provider.options).map(([key, option]) => {
              const control = optionControl(option);
              if (control === 'read-only')
                return (
                  <div key={key} className="provider-intro">
                    {option.label ? <p className="field-label">{option.label}</p> : null}
                    <p className="field-hint">{option.description}</p>
                  </div>
                );
              if (control === 'radio')
                return (
                  <fieldset key={key} className={`field${fieldError(key) ? ' field-invalid' : ''}`}>
                    <legend className="field-label">
                      {option.label}
                      {isRequired(option) ? <span aria-hidden="true"> *</span> : null}
                    </legend>
                    {(option.options ?? []).map((choice) => (
                      <label key={choice} className="field-check">
                        <input
                          type="radio"
                          name={`${id}-${key}`}
                          value={choice}
                          checked={values[key] === choice}
                          onChange={() => setValues({ ...values, [key]: choice })}
                        />{' '}
                        {choice}
                      </label>
                    ))}
                    {option.description ? <p className="field-hint">{option.description}</p> : null}
                    {fieldError(key) ? (
                      <p className="field-error" role="alert">
                        {fieldError(key)}
                      </p>
                    ) : null}
                  </fieldset>
                );
              return (
                <TextField
                  key={key}
                  label={option.label}
                  hint={option.description || undefined}
                  required={isRequired(option)}
                  type={control === 'password' ? 'password' : control === 'email' ? 'email' : 'text'}
                  inputMode={control === 'digits' ? 'numeric' : undefined}
                  pattern={control === 'digits' ? '[0-9]*' : control === 'email' ? EMAIL_PATTERN : undefined}
                  autoComplete={control === 'password' ? 'new-password' : 'off'}
                  value={values[key] ?? ''}
                  error={fieldError(key)}
                  onChange={(event) => {
                    const text = control === 'digits' ? event.target.value.replace(/\D/g, '') : event.target.value;
                    setValues({ ...values, [key]: text });
                  }}
                />
              );
            })}
          </fieldset>
          {available ? (
            <div className="form-actions">
              <button type="submit" className="button button-primary" disabled={busy} aria-busy={busy || undefined}>
                {busy ? t('common.saving') : t('common.save')}
              </button>
            </div>
          ) : null}
        </form>
      ) : null}
    </li>
  );
}
