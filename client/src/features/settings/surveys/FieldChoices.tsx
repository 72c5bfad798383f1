import type { Form, Tag } from '@platform/shared';
import { useTranslation } from 'react-i18next';
import { CheckboxField } from '../../../ui/Field';
import { categoryRows, toggleCategory } from '../../common/category-tree';

/** Categories a categories field offers (its options are tag ids, API-CONTRACT 7.3). */
export function TagOptions({ tags, value, onChange }: { tags: Tag[]; value: number[]; onChange: (ids: number[]) => void }) {
  const { t } = useTranslation();
  const rows = categoryRows(tags);
  return (
    <fieldset className="form-section">
      <legend>{t('survey.categories_to_offer')}</legend>
      {rows.length === 0 ? <p className="field-hint">{t('survey.no_categories')}</p> : null}
      <ul className="check-list">
        {rows.map(({ tag, depth }) => (
          <li key={tag.id} className={depth ? 'indented' : undefined}>
            <CheckboxField
              label={tag.tag}
              checked={value.includes(tag.id)}
              onChange={(event) => onChange(toggleCategory(tags, value, tag.id, event.target.checked))}
            />
          </li>
        ))}
      </ul>
    </fieldset>
  );
}

/** Surveys whose posts a related-post field may point to (`config.input.form`). */
export function RelatedSurveys({ surveys, value, onChange }: { surveys: Form[]; value: number[]; onChange: (ids: number[]) => void }) {
  const { t } = useTranslation();
  return (
    <fieldset className="form-section">
      <legend>{t('survey.related_surveys')}</legend>
      <p className="field-hint">{t('survey.related_surveys_hint')}</p>
      <ul className="check-list">
        {surveys.map((survey) => (
          <li key={survey.id}>
            <CheckboxField
              label={survey.name}
              checked={value.includes(survey.id)}
              onChange={(event) => onChange(event.target.checked ? [...value, survey.id] : value.filter((id) => id !== survey.id))}
            />
          </li>
        ))}
      </ul>
    </fieldset>
  );
}
