import type { PostStatus } from '@platform/shared';
import { useId } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { fieldMessage } from '../../../ui/form-messages';
import type { EditorModel, EditorState } from './post-form';
import { applyVisibility, toggleRole, visibilityOf, type VisibilityState } from './visibility';

const STATUSES: PostStatus[] = ['published', 'draft', 'archived'];

/** Status, who can see the post and its date: for those with change_status (spec 2 sections 2 and 4). */
export function Toolbox({ model, manager }: { model: EditorModel; manager: boolean }) {
  const { t } = useTranslation();
  const id = useId();
  const { control, setValue, register, formState } = useFormContext<EditorState>();
  const status = useWatch({ control, name: 'status' });
  const publishedTo = useWatch({ control, name: 'published_to' });
  const current: VisibilityState = { status, published_to: publishedTo };
  const visibility = visibilityOf(current);
  const allRoles = model.roles.map((r) => r.name);
  const apply = (next: VisibilityState) => {
    setValue('status', next.status, { shouldDirty: true });
    setValue('published_to', next.published_to, { shouldDirty: true });
  };
  const error = (name: 'status' | 'published_to' | 'post_date') => fieldMessage(t, formState.errors[name]?.message);

  return (
    <aside className="post-toolbox" aria-label={t('post_editor.toolbox')}>
      <div className="field">
        <label htmlFor={`${id}-status`} className="field-label">
          {t('post_editor.status')}
        </label>
        <select
          id={`${id}-status`}
          className="select"
          value={status}
          onChange={(e) => {
            const next = e.target.value as PostStatus;
            apply(next === 'published' ? { status: next, published_to: publishedTo } : { status: next, published_to: [] });
          }}
        >
          {STATUSES.map((s) => (
            <option key={s} value={s}>
              {t(`post_editor.status_${s}`)}
            </option>
          ))}
        </select>
        {error('status') ? (
          <p className="field-error" role="alert">
            {error('status')}
          </p>
        ) : null}
      </div>
      <fieldset className="post-field">
        <legend className="field-label">{t('post_editor.visibility')}</legend>
        <label className="radio choice-row">
          <input
            type="radio"
            name={`${id}-vis`}
            checked={visibility.kind === 'draft'}
            onChange={() => apply(applyVisibility({ kind: 'draft' }, allRoles))}
          />
          <span>{manager ? t('post_editor.visibility_author') : t('post_editor.visibility_just_you')}</span>
        </label>
        <label className="radio choice-row">
          <input
            type="radio"
            name={`${id}-vis`}
            checked={visibility.kind === 'everyone'}
            onChange={() => apply(applyVisibility({ kind: 'everyone' }, allRoles))}
          />
          <span>{t('post_editor.visibility_everyone')}</span>
        </label>
        {model.roles.map((role) => (
          <label key={role.name} className="radio choice-row">
            <input
              type="checkbox"
              className="checkbox"
              checked={visibility.kind === 'roles' && visibility.roles.includes(role.name)}
              onChange={(e) => apply(toggleRole(current, role.name, e.target.checked, allRoles))}
            />
            <span>{role.display_name || role.name}</span>
          </label>
        ))}
        {error('published_to') ? (
          <p className="field-error" role="alert">
            {error('published_to')}
          </p>
        ) : null}
      </fieldset>
      <div className="field">
        <label htmlFor={`${id}-date`} className="field-label">
          {t('post_editor.post_date')}
        </label>
        <input id={`${id}-date`} type="datetime-local" step={900} className="input" {...register('post_date')} />
        {error('post_date') ? (
          <p className="field-error" role="alert">
            {error('post_date')}
          </p>
        ) : null}
      </div>
    </aside>
  );
}
