import { ADMIN_ROLE, type Role } from '@platform/shared';
import { useTranslation } from 'react-i18next';
import { deleteRole } from '../../../api/endpoints/roles';
import { useServices } from '../../../providers/services-context';
import { apiErrorTexts } from '../../notices/api-error-text';

/**
 * Deleting a role (spec 3 section 5): the admin role is the only admin role and protected roles stay,
 * so both are refused before any call; otherwise the admin confirms, knowing the role's users get
 * default permissions. Resolves true once the role is gone.
 */
export function useDeleteRole() {
  const { t } = useTranslation();
  const { api, dialogs, notices } = useServices();

  return async (role: Role): Promise<boolean> => {
    if (role.name === ADMIN_ROLE) {
      notices.error(t('notify.role.last_admin'));
      return false;
    }
    if (role.protected) {
      notices.error(t('notify.role.protected', { role: role.display_name }));
      return false;
    }
    const ok = await dialogs.confirm({
      title: t('roles_admin.delete_title', { role: role.display_name }),
      message: t('roles_admin.delete_confirm', { role: role.display_name }),
      confirmLabel: t('common.delete'),
      danger: true,
    });
    if (!ok) return false;
    try {
      await deleteRole(api, role.id);
      notices.success(t('notify.role.destroy_success', { role: role.display_name }));
      return true;
    } catch (error) {
      notices.warning(t('notify.role.destroy_error'), apiErrorTexts(t, error));
      return false;
    }
  };
}
