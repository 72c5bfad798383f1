import type { TFunction } from 'i18next';

/** Built-in roles have translated names; others show as they are named. */
export function roleLabel(t: TFunction, role: string | null | undefined): string {
  if (!role) return t('role.none');
  return t(`role.${role}`, { defaultValue: role });
}
