import { zodResolver } from '@hookform/resolvers/zod';
import type { Role, Tag } from '@platform/shared';
import { useId } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { applyPointerErrors } from '../../../api/form-errors';
import { CheckboxField, TextAreaField, TextField } from '../../../ui/Field';
import { fieldMessage } from '../../../ui/form-messages';
import {
  categoryBody,
  categoryFormValues,
  CategoryFormSchema,
  type CategoryForm as Values,
  type CategoryFormOutput,
} from './category-form.schema';
import { categoryMessageKey } from './category-messages';
import type { TagBody } from '../../../api/endpoints/tags';

const FIELDS = ['tag', 'description', 'parent_id', 'roles'] as const;

/** Who may see the category: everyone or chosen roles; a child shows its parent's choice, read only. */
function RoleChoice({
  form,
  roles,
  parent,
}: {
  form: ReturnType<typeof useForm<Values, unknown, CategoryFormOutput>>;
  roles: Role[];
  parent: Tag | null;
}) {
  const { t } = useTranslation();
  const group = useId();
  const everyone = useWatch({ control: form.control, name: 'everyone' });
  const roleName = (name: string) => roles.find((r) => r.name === name)?.display_name ?? name;
  if (parent) {
    return (
      <fieldset className="form-section">
        <legend>{t('category.who_can_see')}</legend>
        <p>{parent.role?.length ? parent.role.map(roleName).join(', ') : t('category.everyone')}</p>
        <p className="field-hint">{t('category.role_follows_parent', { parent: parent.tag })}</p>
      </fieldset>
    );
  }
  const error = form.formState.errors.roles?.message;
  return (
    <fieldset className="form-section">
      <legend>{t('category.who_can_see')}</legend>
      <div className="radio-row">
        <label className="radio">
          <input
            type="radio"
            name={group}
            checked={everyone}
            onChange={() => form.setValue('everyone', true, { shouldValidate: true, shouldDirty: true })}
          />
          {t('category.everyone')}
        </label>
        <label className="radio">
          <input
            type="radio"
            name={group}
            checked={!everyone}
            onChange={() => form.setValue('everyone', false, { shouldValidate: true, shouldDirty: true })}
          />
          {t('category.specific_roles')}
        </label>
      </div>
      {everyone ? null : (
        <Controller
          control={form.control}
          name="roles"
          render={({ field }) => (
            <ul className="check-list" aria-label={t('category.roles')}>
              {roles.map((role) => (
                <li key={role.id}>
                  <CheckboxField
                    label={role.display_name}
                    checked={field.value.includes(role.name)}
                    onChange={(event) =>
                      field.onChange(event.target.checked ? [...field.value, role.name] : field.value.filter((r) => r !== role.name))
                    }
                  />
                </li>
              ))}
            </ul>
          )}
        />
      )}
      {error ? (
        <p className="field-error" role="alert">
          {fieldMessage(t, error)}
        </p>
      ) : null}
      <p className="field-hint">{t('category.children_follow')}</p>
    </fieldset>
  );
}

/** Name, description, colour, parent and who can see it (spec 3 sections 2-5). */
export function CategoryForm({
  tag,
  tags,
  roles,
  onSave,
  onFailed,
  onCancel,
}: {
  tag: Tag | null;
  tags: Tag[];
  roles: Role[];
  onSave: (body: TagBody) => Promise<void>;
  onFailed: (error: unknown, unmatched: string[]) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const ids = { parent: useId(), color: useId() };
  const form = useForm<Values, unknown, CategoryFormOutput>({
    resolver: zodResolver(CategoryFormSchema),
    mode: 'onChange',
    defaultValues: categoryFormValues(tag),
  });
  const { errors, isSubmitting } = form.formState;
  const parentId = useWatch({ control: form.control, name: 'parent_id' });
  const color = useWatch({ control: form.control, name: 'color' });
  const parents = tags.filter((x) => x.parent === null && x.id !== tag?.id);
  const parent = parents.find((p) => String(p.id) === parentId) ?? null;
  const hasChildren = tag !== null && tags.some((x) => x.parent?.id === tag.id);

  const submit = form.handleSubmit(async (values) => {
    try {
      await onSave(categoryBody(values, parent));
    } catch (error) {
      onFailed(error, applyPointerErrors(error, form.setError, FIELDS, { slug: 'tag', parent: 'parent_id', role: 'roles' }));
    }
  });

  return (
    <form noValidate onSubmit={submit} className="category-form">
      <TextField label={t('category.name')} required error={categoryMessageKey(errors.tag?.message)} {...form.register('tag')} />
      <TextAreaField
        label={t('category.description')}
        rows={2}
        hint={t('category.description_hint')}
        error={categoryMessageKey(errors.description?.message)}
        {...form.register('description')}
      />
      <div className="field">
        <label className="field-label" htmlFor={ids.color}>
          {t('category.color')}
        </label>
        <div className="color-row">
          <input
            id={ids.color}
            type="color"
            className="color-input"
            value={color ?? '#000000'}
            onChange={(event) => form.setValue('color', event.target.value, { shouldDirty: true })}
          />
          <span className="field-hint">{color ?? t('category.no_color')}</span>
          {color ? (
            <button
              type="button"
              className="button button-ghost button-small"
              onClick={() => form.setValue('color', null, { shouldDirty: true })}
            >
              {t('category.clear_color')}
            </button>
          ) : null}
        </div>
      </div>
      <div className="field">
        <label className="field-label" htmlFor={ids.parent}>
          {t('category.parent')}
        </label>
        <select
          id={ids.parent}
          className="select"
          disabled={hasChildren}
          aria-describedby={hasChildren ? `${ids.parent}-hint` : undefined}
          {...form.register('parent_id')}
        >
          <option value="">{t('category.no_parent')}</option>
          {parents.map((p) => (
            <option key={p.id} value={String(p.id)}>
              {p.tag}
            </option>
          ))}
        </select>
        {hasChildren ? (
          <p id={`${ids.parent}-hint`} className="field-hint">
            {t('category.has_children_hint')}
          </p>
        ) : null}
      </div>
      <RoleChoice form={form} roles={roles} parent={parent} />
      <div className="editor-actions">
        <button type="button" className="button button-ghost" onClick={onCancel} disabled={isSubmitting}>
          {t('common.cancel')}
        </button>
        <button type="submit" className="button button-primary" disabled={isSubmitting} aria-busy={isSubmitting || undefined}>
          {isSubmitting ? t('common.saving') : t('common.save')}
        </button>
      </div>
    </form>
  );
}
