import { ADMIN_ROLE, type Role } from '@platform/shared';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { listRoles } from '../../../api/endpoints/roles';
import { useConfig } from '../../../providers/config-context';
import { isFeatureEnabled } from '../../../providers/features';
import { useServices } from '../../../providers/services-context';
import { useScreenMeta } from '../../../providers/useScreenMeta';
import { useLiveQuery } from '../../../providers/query/useLiveQuery';
import { useLoadFailedNotice } from '../../notices/useLoadFailedNotice';
import { useDeleteRole } from './useDeleteRole';
import { Skeleton } from '../../../ui/Skeleton';

/** /settings/roles: every role with its permissions, and create, edit and delete (admin only). */
export function RolesList() {
  const { t } = useTranslation();
  const { api } = useServices();
  const { features } = useConfig();
  const deleteRole = useDeleteRole();
  const enabled = isFeatureEnabled(features, 'roles');
  useScreenMeta(t('roles_admin.title'), { robots: 'noindex, nofollow' });

  const query = useLiveQuery(['roles'], () => listRoles(api));
  useLoadFailedNotice(query.error, t('roles_admin.load_failed'));
  const roles: Role[] | null = query.data ?? null;

  return (
    <section aria-labelledby="roles-title">
      <div className="screen-header">
        <h1 id="roles-title">{t('roles_admin.title')}</h1>
        {enabled ? (
          <Link to="/settings/roles/create" className="button button-primary">
            {t('roles_admin.add')}
          </Link>
        ) : null}
      </div>
      <p className="screen-intro">{t('roles_admin.intro')}</p>
      {enabled ? null : (
        <p className="alert alert-warning" role="status">
          {t('views.unavailable', { view: t('roles_admin.title') })}
        </p>
      )}
      {roles === null ? (
        <Skeleton shape="row" />
      ) : (
        <ul className="entity-list">
          {roles.map((role) => (
            <li key={role.id} className="entity-row">
              <div className="entity-main">
                <Link to={`/settings/roles/${role.id}`} className="entity-title">
                  {role.display_name}
                </Link>
                {role.description ? <span className="entity-meta">{role.description}</span> : null}
                <span className="entity-meta">
                  {role.name === ADMIN_ROLE
                    ? t('roles_admin.all_permissions')
                    : t('roles_admin.permission_count', { count: role.permissions.length })}
                </span>
              </div>
              {role.protected ? <span className="badge">{t('roles_admin.protected')}</span> : null}
              <div className="entity-actions">
                <button
                  type="button"
                  className="button button-ghost button-small"
                  onClick={() => void deleteRole(role).then((gone) => (gone ? void query.refetch() : undefined))}
                  aria-label={t('roles_admin.delete_named', { role: role.display_name })}
                >
                  {t('common.delete')}
                </button>
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
