import type { Role, User } from '@platform/shared';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/** One row per user: a selection box, the name (to the editor), e-mail and role. */
export function UserRows({
  users,
  roles,
  selected,
  onToggle,
}: {
  users: User[];
  roles: Role[];
  selected: ReadonlySet<number>;
  onToggle: (id: number, on: boolean) => void;
}) {
  const { t } = useTranslation();
  const roleName = (name: string | null | undefined) =>
    name ? (roles.find((r) => r.name === name)?.display_name ?? name) : t('role.none');
  return (
    <ul className="entity-list">
      {users.map((user) => {
        const name = user.realname || user.email || `#${user.id}`;
        const isSelected = selected.has(user.id);
        return (
          <li key={user.id} className={`entity-row${isSelected ? ' is-selected' : ''}`}>
            <label className="row-check">
              <input
                type="checkbox"
                className="checkbox"
                checked={isSelected}
                onChange={(event) => onToggle(user.id, event.target.checked)}
              />
              <span className="visually-hidden">{t('users_admin.select_user', { name })}</span>
            </label>
            <div className="entity-main">
              <Link to={`/settings/users/${user.id}`} className="entity-title">
                {name}
              </Link>
              {user.email ? <span className="entity-meta">{user.email}</span> : null}
            </div>
            <span className="badge">{roleName(user.role)}</span>
          </li>
        );
      })}
    </ul>
  );
}
