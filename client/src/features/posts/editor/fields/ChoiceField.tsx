import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../../session/useSession';
import { fieldKind } from '../post-form';
import type { FieldProps } from './field-props';
import { FieldFrame } from './FieldFrame';

/** Select (a list box), radio buttons or a checkbox group over the field's options. */
export function ChoiceField({ field, entries, onChange, errorAt }: FieldProps<string>) {
  const { t } = useTranslation();
  const { admin } = useSession();
  const id = useId();
  const kind = fieldKind(field);
  const all = field.options.map(String);
  // Repeated options show once; administrators are told so they can fix the survey (spec 2 section 5).
  const options = [...new Set(all)];
  const duplicated = options.length < all.length && admin;
  const selected = entries.filter((e) => e !== '');
  return (
    <FieldFrame
      field={field}
      error={errorAt('')}
      actions={
        duplicated ? (
          <p className="field-hint field-warning" role="note">
            {t('post_editor.duplicate_options')}
          </p>
        ) : null
      }
    >
      {(describedBy) =>
        kind === 'select' ? (
          <select
            className="select"
            aria-label={field.label}
            aria-describedby={describedBy}
            value={selected[0] ?? ''}
            onChange={(e) => onChange(e.target.value ? [e.target.value] : [])}
          >
            <option value="">{t('post_editor.choose_option')}</option>
            {options.map((option) => (
              <option key={option} value={option}>
                {option}
              </option>
            ))}
          </select>
        ) : (
          <div className="choice-group">
            {options.map((option, index) => (
              <label key={option} className="radio choice-row" htmlFor={`${id}-${index}`}>
                <input
                  id={`${id}-${index}`}
                  type={kind === 'radio' ? 'radio' : 'checkbox'}
                  className={kind === 'radio' ? undefined : 'checkbox'}
                  name={id}
                  value={option}
                  checked={selected.includes(option)}
                  onChange={(e) => {
                    if (kind === 'radio') onChange([option]);
                    else
                      onChange(
                        e.target.checked
                          ? options.filter((o) => o === option || selected.includes(o))
                          : selected.filter((o) => o !== option),
                      );
                  }}
                />
                <span>{option}</span>
              </label>
            ))}
          </div>
        )
      }
    </FieldFrame>
  );
}
