import type { Form } from '@platform/shared';
import type { Auth } from '../../auth/auth';
import { formRule } from '../../auth/policy/forms.policy';
import { allowedPrivileges } from '../../auth/policy/policy';
import { ref, resourceUrl, w3c } from '../../http/urls';
import type { FormRow } from './forms.repository';

export type FormView = { form: FormRow; canCreate: string[]; tagIds: number[] };

/** Survey JSON (API-CONTRACT 7.1); `can_create` and `tags` are computed. */
export function presentForm(base: string, auth: Auth, { form, canCreate, tagIds }: FormView): Form {
  return {
    id: form.id,
    url: resourceUrl(base, 'forms', form.id),
    parent: ref(base, 'forms', form.parent_id),
    name: form.name,
    description: form.description,
    color: form.color,
    type: 'report',
    disabled: form.disabled,
    created: w3c(form.created) ?? '',
    updated: w3c(form.updated),
    hide_author: form.hide_author,
    hide_time: form.hide_time,
    hide_location: form.hide_location,
    require_approval: form.require_approval,
    everyone_can_create: form.everyone_can_create,
    targeted_survey: form.targeted_survey,
    can_create: canCreate,
    tags: tagIds.map((id) => ({ id, url: resourceUrl(base, 'tags', id) })),
    allowed_privileges: allowedPrivileges(formRule, auth, form),
  };
}
