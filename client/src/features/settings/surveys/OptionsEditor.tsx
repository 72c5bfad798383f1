import { useFieldArray, type Control, type FieldErrors, type UseFormRegister } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { TextField } from '../../../ui/Field';
import type { FieldForm } from './field-editor.schema';
import { surveyMessageKey } from './survey-messages';

/** The choices of a select, radio or checkbox field: add, rename, reorder, remove. */
export function OptionsEditor({
  control,
  register,
  errors,
}: {
  control: Control<FieldForm>;
  register: UseFormRegister<FieldForm>;
  errors: FieldErrors<FieldForm>;
}) {
  const { t } = useTranslation();
  const { fields, append, remove, swap } = useFieldArray({ control, name: 'options' });
  const duplicates = Array.isArray(errors.options) && errors.options.some(Boolean);
  return (
    <fieldset className="form-section options-editor">
      <legend>{t('survey.options')}</legend>
      {duplicates ? (
        <p className="form-alert" role="alert">
          {t('survey.duplicate_option')}
        </p>
      ) : null}
      {fields.length === 0 ? <p className="field-hint">{t('survey.options_empty')}</p> : null}
      <ol className="options-list">
        {fields.map((option, index) => (
          <li key={option.id} className="option-row">
            <TextField
              label={t('survey.option_label', { number: index + 1 })}
              className="option-input"
              error={surveyMessageKey(errors.options?.[index]?.value?.message)}
              {...register(`options.${index}.value`)}
            />
            <div className="row-actions">
              <button
                type="button"
                className="button button-ghost button-small"
                onClick={() => swap(index, index - 1)}
                disabled={index === 0}
                aria-label={t('survey.move_option_up', { number: index + 1 })}
              >
                <span aria-hidden="true">↑</span>
              </button>
              <button
                type="button"
                className="button button-ghost button-small"
                onClick={() => swap(index, index + 1)}
                disabled={index === fields.length - 1}
                aria-label={t('survey.move_option_down', { number: index + 1 })}
              >
                <span aria-hidden="true">↓</span>
              </button>
              <button
                type="button"
                className="button button-ghost button-small"
                onClick={() => remove(index)}
                aria-label={t('survey.remove_option', { number: index + 1 })}
              >
                {t('common.delete')}
              </button>
            </div>
          </li>
        ))}
      </ol>
      <button type="button" className="button button-ghost button-small" onClick={() => append({ value: '' })}>
        {t('survey.add_option')}
      </button>
    </fieldset>
  );
}
