import { ADMIN_ROLE, type Form } from '@platform/shared';

export type Poster = { role: string | null; permissions: readonly string[] };

/**
 * Surveys the add-post button offers (spec 2 sections 2 and 6): Manage Posts may post in any;
 * others where everyone may create or their role is listed. Disabled and targeted surveys never
 * show (targeted ones are answered by SMS, not here).
 */
export function allowedSurveys(forms: readonly Form[], poster: Poster): Form[] {
  const manager = poster.role === ADMIN_ROLE || poster.permissions.includes('Manage Posts');
  return forms.filter(
    (form) =>
      !form.disabled &&
      !form.targeted_survey &&
      (manager || form.everyone_can_create || (poster.role !== null && form.can_create.includes(poster.role))),
  );
}
