import type { Form, Post } from '@platform/shared';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useServices } from '../../../providers/services-context';
import { cardTitle } from '../../common/post-text';
import { assignSurvey } from './editor-data';

/**
 * A post without a survey (spec 2 screen 7): the surveys as radio buttons, the first chosen;
 * saving gives the post that survey, and the editor opens on it.
 */
export function AddSurveyForm({
  post,
  surveys,
  onSaved,
  onCancel,
}: {
  post: Post;
  surveys: Form[];
  onSaved: () => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const { api, notices } = useServices();
  const id = useId();
  const [chosen, setChosen] = useState<number | null>(surveys[0]?.id ?? null);
  const [saving, setSaving] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (chosen === null) return;
    setSaving(true);
    try {
      await assignSurvey(api, post.id, chosen);
      onSaved();
    } catch (error) {
      notices.apiError(error, t('notify.post.save_error'));
      setSaving(false);
    }
  };

  return (
    <form className="post-editor add-survey" onSubmit={(e) => void submit(e)} aria-labelledby="post-editor-title">
      <h2 id="post-editor-title" className="post-detail-title">
        {t('post_editor.add_survey_title', { title: cardTitle(post) })}
      </h2>
      <p className="field-hint">{t('post_editor.add_survey_hint')}</p>
      {surveys.length === 0 ? (
        <p className="post-empty">{t('post_editor.no_surveys')}</p>
      ) : (
        <fieldset className="post-field">
          <legend className="field-label">{t('post_editor.survey')}</legend>
          {surveys.map((survey) => (
            <label key={survey.id} className="radio choice-row" htmlFor={`${id}-${survey.id}`}>
              <input
                id={`${id}-${survey.id}`}
                type="radio"
                name={id}
                checked={chosen === survey.id}
                onChange={() => setChosen(survey.id)}
              />
              <span>{survey.name}</span>
            </label>
          ))}
        </fieldset>
      )}
      <div className="post-editor-actions">
        <button type="button" className="button button-ghost" onClick={onCancel}>
          {t('common.cancel')}
        </button>
        <button type="submit" className="button button-primary" disabled={chosen === null || saving}>
          {saving ? t('post_editor.saving') : t('common.save')}
        </button>
      </div>
    </form>
  );
}
