import { ADMIN_ROLE, type Role } from '@platform/shared';
import { useId, type Dispatch } from 'react';
import { useTranslation } from 'react-i18next';
import { CheckboxField, TextAreaField } from '../../../ui/Field';
import type { EditorAction, SurveyDetails } from './survey-editor.reducer';
import type { DraftSurvey } from './survey-draft';

/**
 * Survey settings (spec 3 sections 3-5): description, colour, approval, who may submit (admin is
 * always among the chosen roles, its box locked) and what is hidden from people who cannot edit.
 */
export function ConfigureTab({ survey, roles, dispatch }: { survey: DraftSurvey; roles: Role[]; dispatch: Dispatch<EditorAction> }) {
  const { t } = useTranslation();
  const colorId = useId();
  const set = (changes: Partial<SurveyDetails>) => dispatch({ type: 'setDetails', changes });
  const toggle = (key: 'require_approval' | 'hide_author' | 'hide_location' | 'hide_time') => ({
    checked: survey[key],
    onChange: (event: React.ChangeEvent<HTMLInputElement>) => set({ [key]: event.target.checked }),
  });

  return (
    <div className="configure-tab">
      <TextAreaField
        label={t('survey.description')}
        rows={3}
        value={survey.description}
        onChange={(event) => set({ description: event.target.value })}
      />
      <div className="field">
        <label className="field-label" htmlFor={colorId}>
          {t('survey.color')}
        </label>
        <div className="color-row">
          <input
            id={colorId}
            type="color"
            className="color-input"
            value={survey.color ?? '#000000'}
            onChange={(event) => set({ color: event.target.value })}
            aria-describedby={`${colorId}-value`}
          />
          <span id={`${colorId}-value`} className="field-hint">
            {survey.color ?? t('survey.no_color')}
          </span>
          {survey.color ? (
            <button type="button" className="button button-ghost button-small" onClick={() => set({ color: null })}>
              {t('survey.clear_color')}
            </button>
          ) : null}
        </div>
      </div>
      <CheckboxField switch label={t('survey.require_approval')} hint={t('survey.require_approval_hint')} {...toggle('require_approval')} />

      <fieldset className="form-section">
        <legend>{t('survey.who_can_submit')}</legend>
        <div className="radio-row">
          <label className="radio">
            <input
              type="radio"
              name="everyone_can_create"
              checked={survey.everyone_can_create}
              onChange={() => dispatch({ type: 'setEveryoneCanCreate', value: true })}
            />
            {t('survey.everyone')}
          </label>
          <label className="radio">
            <input
              type="radio"
              name="everyone_can_create"
              checked={!survey.everyone_can_create}
              onChange={() => dispatch({ type: 'setEveryoneCanCreate', value: false })}
            />
            {t('survey.specific_roles')}
          </label>
        </div>
        {survey.everyone_can_create ? null : (
          <ul className="check-list" aria-label={t('survey.roles_allowed')}>
            {roles.map((role) => {
              const admin = role.name === ADMIN_ROLE;
              return (
                <li key={role.id}>
                  <CheckboxField
                    label={role.display_name}
                    checked={admin || survey.roleIds.includes(role.id)}
                    disabled={admin}
                    hint={admin ? t('survey.admin_always') : undefined}
                    onChange={(event) => dispatch({ type: 'toggleRole', roleId: role.id, checked: event.target.checked })}
                  />
                </li>
              );
            })}
          </ul>
        )}
      </fieldset>

      <fieldset className="form-section">
        <legend>{t('survey.hide_heading')}</legend>
        <p className="field-hint">{t('survey.hide_hint')}</p>
        <CheckboxField switch label={t('survey.hide_author')} {...toggle('hide_author')} />
        <CheckboxField switch label={t('survey.hide_location')} {...toggle('hide_location')} />
        <CheckboxField switch label={t('survey.hide_time')} {...toggle('hide_time')} />
      </fieldset>
    </div>
  );
}
