import { blockedByPrivacy, hasPermission, isAdmin, type Auth } from '../auth';
import { BASIC_PRIVILEGES, type Rule } from './policy';

/** Who edits surveys: admins and Manage Settings (v3 `canUserEditForm`, API-CONTRACT 7.1). */
export const canEditForms = (auth: Auth): boolean => isAdmin(auth) || hasPermission(auth, 'Manage Settings');

export type FormSubject = { disabled: boolean } | null;

/**
 * FormAuthorizer: editors do everything; anyone may search; anyone may read a survey that is
 * not disabled. A private deployment refuses anonymous callers first.
 */
export const formRule: Rule<FormSubject> = (auth, privilege, form) => {
  if (blockedByPrivacy(auth)) return false;
  if (canEditForms(auth)) return BASIC_PRIVILEGES.includes(privilege);
  if (privilege === 'search') return true;
  return privilege === 'read' && form !== null && !form.disabled;
};

export type StageVisibility = { show_when_published: boolean; task_is_internal_only: boolean };

/**
 * What a caller who cannot edit the survey sees of a task: only tasks shown once published, and
 * unless they look at a published post (`postStatus=published`) only tasks that are not internal
 * (v3 StageRepository::selectQuery, API-CONTRACT 7.2). The repositories filter with the same rule.
 */
export const isStageVisible = (stage: StageVisibility, postStatus?: string): boolean =>
  stage.show_when_published && (postStatus === 'published' || !stage.task_is_internal_only);

/** A task or a field (through its task) of a survey. `stage` is null for create and search. */
export type StageSubject = { form: { disabled: boolean }; stage: StageVisibility | null; postStatus?: string };

export const stageRule: Rule<StageSubject> = (auth, privilege, { form, stage, postStatus }) => {
  if (blockedByPrivacy(auth)) return false;
  if (canEditForms(auth)) return BASIC_PRIVILEGES.includes(privilege);
  if (form.disabled) return false;
  if (privilege === 'search') return true;
  return privilege === 'read' && stage !== null && isStageVisible(stage, postStatus);
};

/** Roles allowed to post: readable with the survey, replaced only by survey editors. */
export const formRoleRule: Rule<FormSubject> = (auth, privilege, form) => {
  if (blockedByPrivacy(auth)) return false;
  if (canEditForms(auth)) return BASIC_PRIVILEGES.includes(privilege);
  return (privilege === 'read' || privilege === 'search') && form !== null && !form.disabled;
};

/** Survey statistics: admins and Manage Settings only (API-CONTRACT 7.5). */
export const formStatsRule: Rule<unknown> = (auth, privilege) =>
  !blockedByPrivacy(auth) && canEditForms(auth) && (privilege === 'read' || privilege === 'search');
