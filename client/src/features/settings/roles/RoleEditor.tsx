import { ADMIN_ROLE } from '@platform/shared';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate, useParams } from 'react-router';
import { listPermissions } from '../../../api/endpoints/permissions';
import { createRole, getRole, updateRole } from '../../../api/endpoints/roles';
import { isApiError } from '../../../api/errors';
import { applyPointerErrors } from '../../../api/form-errors';
import { useServices } from '../../../providers/services-context';
import { useScreenMeta } from '../../../providers/useScreenMeta';
import { READ_ON_OPEN, useLiveQuery } from '../../../providers/query/useLiveQuery';
import { apiErrorTexts } from '../../notices/api-error-text';
import { isNotFound, useLoadFailedNotice } from '../../notices/useLoadFailedNotice';
import { RoleForm } from './RoleForm';
import { roleNameFor, type RoleFormValues } from './role-form.schema';
import { useDeleteRole } from './useDeleteRole';

/** /settings/roles/create and /settings/roles/{id} (spec 3 section 2, admin only). */
export function RoleEditor() {
  // A new id is a new editor: the form starts again from that record.
  const { id } = useParams();
  return <RoleEditorScreen key={id ?? 'new'} id={id} />;
}

function RoleEditorScreen({ id }: { id: string | undefined }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { api, notices } = useServices();
  const deleteRole = useDeleteRole();
  const roleId = id === undefined ? null : Number(id);
  const title = roleId === null ? t('roles_admin.create_title') : t('roles_admin.edit_title');
  useScreenMeta(title, { robots: 'noindex, nofollow' });

  const query = useLiveQuery(
    ['role-editor', roleId],
    async () => {
      const [permissions, role] = await Promise.all([listPermissions(api), roleId === null ? null : getRole(api, roleId)]);
      return { permissions, role };
    },
    { ...READ_ON_OPEN, enabled: roleId === null || Number.isInteger(roleId) },
  );
  const missing = isNotFound(query.error);
  useLoadFailedNotice(missing ? null : query.error, t('roles_admin.load_failed'));
  const loaded = query.data ?? null;

  if ((roleId !== null && !Number.isInteger(roleId)) || missing) return <Navigate to="/404" replace />;

  const role = loaded?.role ?? null;
  const isAdminRole = role?.name === ADMIN_ROLE;
  const backToList = () => void navigate('/settings/roles');

  const save = async (values: RoleFormValues, setError: Parameters<typeof applyPointerErrors<RoleFormValues>>[1]) => {
    const body = {
      display_name: values.display_name.trim(),
      description: values.description.trim(),
      // The admin role has every permission anyway; its stored list is left alone.
      ...(isAdminRole ? {} : { permissions: values.permissions }),
    };
    try {
      const saved = role
        ? await updateRole(api, role.id, body)
        : await createRole(api, { ...body, name: roleNameFor(values.display_name) });
      notices.success(t('notify.role.save_success', { role: saved.display_name }));
      backToList();
    } catch (error) {
      // A taken name is reported on `name`, which the form shows as the display name.
      const details =
        isApiError(error) && error.fieldProblems.length > 0
          ? applyPointerErrors(error, setError, ['display_name', 'description', 'permissions'], { name: 'display_name' })
          : apiErrorTexts(t, error);
      notices.warning(t('roles_admin.save_failed'), details);
    }
  };

  return (
    <section aria-labelledby="role-editor-title">
      <div className="screen-header">
        <h1 id="role-editor-title">{title}</h1>
      </div>
      {loaded ? (
        <RoleForm
          permissions={loaded.permissions}
          isAdminRole={isAdminRole}
          defaults={{ display_name: role?.display_name ?? '', description: role?.description ?? '', permissions: role?.permissions ?? [] }}
          onSubmit={save}
          onCancel={backToList}
          actions={
            role ? (
              <button
                type="button"
                className="button button-danger"
                onClick={() => void deleteRole(role).then((gone) => gone && backToList())}
              >
                {t('roles_admin.delete_role')}
              </button>
            ) : null
          }
        />
      ) : (
        <p className="loading" role="status">
          {t('app.loading')}
        </p>
      )}
    </section>
  );
}
