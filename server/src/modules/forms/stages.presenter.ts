import type { Stage } from '@platform/shared';
import type { Auth } from '../../auth/auth';
import { stageRule } from '../../auth/policy/forms.policy';
import { allowedPrivileges } from '../../auth/policy/policy';
import { resourceUrl } from '../../http/urls';
import type { StageWithForm } from './stages.repository';

/** Task JSON (API-CONTRACT 7.2); the url is the nested route that serves it. */
export function presentStage(base: string, auth: Auth, stage: StageWithForm, postStatus?: string): Stage {
  return {
    id: stage.id,
    url: resourceUrl(base, `forms/${stage.form_id}/stages`, stage.id),
    form_id: stage.form_id,
    label: stage.label,
    description: stage.description,
    priority: stage.priority,
    icon: stage.icon,
    type: stage.type,
    required: stage.required,
    show_when_published: stage.show_when_published,
    task_is_internal_only: stage.task_is_internal_only,
    allowed_privileges: allowedPrivileges(stageRule, auth, { form: { disabled: stage.form_disabled }, stage, postStatus }),
  };
}
