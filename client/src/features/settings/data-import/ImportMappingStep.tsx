import type { CsvImport } from '@platform/shared';
import { useTranslation } from 'react-i18next';
import { SelectField } from '../../../ui/SelectField';
import { ImportProblems } from './ImportProblems';
import { IMPORT_STATUSES, type ImportField, type ImportProblem, type StatusChoice, type TargetOption } from './import-mapping';

type Props = {
  csv: CsvImport;
  surveyName: string;
  fields: ImportField[];
  options: TargetOption[];
  mapping: Array<string | null>;
  status: StatusChoice;
  problems: ImportProblem[];
  busy: boolean;
  onMap: (column: number, target: string | null) => void;
  onStatus: (status: StatusChoice) => void;
  onImport: () => void;
  onCancel: () => void;
};

/** The status of every post, one for all or read from a column. */
function StatusChooser({ csv, status, onStatus }: Pick<Props, 'csv' | 'status' | 'onStatus'>) {
  const { t } = useTranslation();
  return (
    <fieldset className="fieldset-plain">
      <legend>{t('data_import.status_legend')}</legend>
      <label className="radio-row">
        <input
          type="radio"
          name="status-mode"
          checked={status.mode === 'all'}
          onChange={() => onStatus({ mode: 'all', status: 'published' })}
        />
        {t('data_import.status_all')}
      </label>
      {status.mode === 'all' ? (
        <SelectField
          label={t('data_import.status_value')}
          className="import-status-field"
          value={status.status}
          onChange={(event) => onStatus({ mode: 'all', status: event.target.value as (typeof IMPORT_STATUSES)[number] })}
        >
          {IMPORT_STATUSES.map((s) => (
            <option key={s} value={s}>
              {t(`data_import.status.${s}`)}
            </option>
          ))}
        </SelectField>
      ) : null}
      <label className="radio-row">
        <input
          type="radio"
          name="status-mode"
          checked={status.mode === 'column'}
          onChange={() => onStatus({ mode: 'column', column: null })}
        />
        {t('data_import.status_column')}
      </label>
      {status.mode === 'column' ? (
        <SelectField
          label={t('data_import.status_column_label')}
          hint={t('data_import.status_column_hint')}
          className="import-status-field"
          value={status.column ?? ''}
          onChange={(event) => onStatus({ mode: 'column', column: event.target.value === '' ? null : Number(event.target.value) })}
        >
          <option value="">{t('data_import.choose_column')}</option>
          {csv.columns.map((name, column) => (
            <option key={column} value={column}>
              {name}
            </option>
          ))}
        </SelectField>
      ) : null}
    </fieldset>
  );
}

/** Step 2 (spec 3 section 4): status, a survey field per column, and the fields left unmapped. */
export function ImportMappingStep(props: Props) {
  const { t } = useTranslation();
  const { csv, fields, options, mapping, status, problems, busy, onMap } = props;
  const statusColumn = status.mode === 'column' ? status.column : null;
  const used = new Set(mapping.filter(Boolean));
  const unmapped = options.filter((o) => !used.has(o.value));
  const requiredKeys = new Set(['title', 'content', ...fields.filter((f) => f.required).map((f) => f.key)]);
  return (
    <form
      className="settings-form"
      aria-labelledby="import-step-title"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        props.onImport();
      }}
    >
      <p className="import-step">{t('data_import.step', { step: 2 })}</p>
      <h2 id="import-step-title">{t('data_import.step2_title')}</h2>
      <p>{t('data_import.file_summary', { filename: csv.filename, count: csv.total, survey: props.surveyName })}</p>
      <ImportProblems problems={problems} />
      <StatusChooser csv={csv} status={status} onStatus={props.onStatus} />
      <table className="import-mapping">
        <caption>{t('data_import.mapping_legend')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('data_import.column')}</th>
            <th scope="col">{t('data_import.field')}</th>
          </tr>
        </thead>
        <tbody>
          {csv.columns.map((name, column) => (
            <tr key={column}>
              <th scope="row">{name}</th>
              <td>
                {statusColumn === column ? (
                  t('data_import.status_legend')
                ) : (
                  <select
                    className="select"
                    aria-label={t('data_import.field') + `: ${name}`}
                    value={mapping[column] ?? ''}
                    onChange={(event) => onMap(column, event.target.value || null)}
                  >
                    <option value="">{t('data_import.leave_empty')}</option>
                    {options.map((option) => (
                      <option key={option.value} value={option.value}>
                        {option.label}
                      </option>
                    ))}
                  </select>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <section aria-labelledby="import-unmapped" className="import-unmapped">
        <h3 id="import-unmapped">{t('data_import.unmapped_title')}</h3>
        {unmapped.length === 0 ? (
          <p>{t('data_import.unmapped_none')}</p>
        ) : (
          <ul>
            {unmapped.map((option) => (
              <li key={option.value}>
                {option.label}
                {requiredKeys.has(option.fieldKey) ? <span className="badge">{t('data_import.required')}</span> : null}
              </li>
            ))}
          </ul>
        )}
      </section>
      <div className="form-actions">
        <button type="button" className="button" onClick={props.onCancel} disabled={busy}>
          {t('data_import.cancel')}
        </button>
        <button type="submit" className="button button-primary" disabled={busy}>
          {busy ? t('data_import.validating') : t('data_import.import')}
        </button>
      </div>
    </form>
  );
}
