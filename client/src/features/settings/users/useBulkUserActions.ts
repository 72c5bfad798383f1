import { LIMIT_TITLES, type Role } from '@platform/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { deleteUser, updateUser } from '../../../api/endpoints/users';
import { isApiError } from '../../../api/errors';
import { useServices } from '../../../providers/services-context';
import { apiErrorTexts } from '../../notices/api-error-text';
import { useSession } from '../../session/useSession';
import { eachInTurn, includesSelf } from './bulk';

const unique = (texts: string[]) => [...new Set(texts)];

/**
 * Bulk role change and bulk delete (spec 3 sections 2, 5). A selection that includes yourself is
 * refused before anything is sent; deleting asks first; `after(removed)` refreshes the list.
 */
export function useBulkUserActions(roles: Role[], after: (removed: number) => Promise<void>) {
  const { t } = useTranslation();
  const { api, dialogs, notices } = useServices();
  const { session } = useSession();
  const [busy, setBusy] = useState(false);

  const run = async (work: () => Promise<number>) => {
    setBusy(true);
    try {
      await after(await work());
    } finally {
      setBusy(false);
    }
  };

  const changeRole = async (ids: number[], role: string) => {
    if (includesSelf(ids, session?.userId)) {
      notices.error(t('user.cannot_change_your_own_role'));
      return;
    }
    await run(async () => {
      const { done, failed } = await eachInTurn(ids, (id) => updateUser(api, id, { role }));
      const roleName = roles.find((r) => r.name === role)?.display_name ?? role;
      if (done.length > 0) notices.success(t('users_admin.role_changed', { count: done.length, role: roleName }));
      if (failed.length > 0) {
        const limit = failed.some(({ error }) => isApiError(error) && error.hasTitle(LIMIT_TITLES.admin));
        if (limit) notices.error(t('limit.admin_limit_reached'));
        else
          notices.error(
            t('users_admin.role_change_failed', { count: failed.length }),
            unique(failed.flatMap(({ error }) => apiErrorTexts(t, error))),
          );
      }
      return 0;
    });
  };

  const remove = async (ids: number[]) => {
    if (includesSelf(ids, session?.userId)) {
      notices.error(t('user.cannot_delete_yourself'));
      return;
    }
    const ok = await dialogs.confirm({
      message: t('users_admin.delete_confirm', { count: ids.length }),
      confirmLabel: t('common.delete'),
      danger: true,
    });
    if (!ok) return;
    await run(async () => {
      const { done, failed } = await eachInTurn(ids, (id) => deleteUser(api, id));
      if (done.length > 0) notices.success(t('users_admin.deleted', { count: done.length }));
      if (failed.length > 0) notices.error(t('notify.user.destroy_error'), unique(failed.flatMap(({ error }) => apiErrorTexts(t, error))));
      return done.length;
    });
  };

  return { busy, changeRole, remove };
}
