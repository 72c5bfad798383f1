import { useTranslation } from 'react-i18next';
import { CheckboxField } from '../../ui/Field';
import { isDisabled, toggleCheck, type DisabledChecks } from './disabled-checks';
import { CHECK_IDS } from './verifier-checks';

/** The checks-disabled list: switch off single checks or all of them (spec 3 section 2). */
export function DisabledChecksForm({ disabled, onChange }: { disabled: DisabledChecks; onChange: (next: DisabledChecks) => void }) {
  const { t } = useTranslation();
  return (
    <details className="disabled-checks">
      <summary>{t('verifier.disabled.title', { count: disabled === 'all' ? CHECK_IDS.length : disabled.length })}</summary>
      <fieldset>
        <legend>{t('verifier.disabled.legend')}</legend>
        <CheckboxField
          label={t('verifier.disabled.all')}
          checked={disabled === 'all'}
          onChange={(event) => onChange(event.target.checked ? 'all' : [])}
        />
        {CHECK_IDS.map((id) => (
          <CheckboxField
            key={id}
            label={t(`verifier.checks.${id}.title`)}
            checked={isDisabled(disabled, id)}
            onChange={(event) => onChange(toggleCheck(disabled, id, event.target.checked))}
          />
        ))}
      </fieldset>
    </details>
  );
}
