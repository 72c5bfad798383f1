import type { ListEnvelope, Role, User } from '@platform/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { listRoles } from '../../../api/endpoints/roles';
import { listUsers } from '../../../api/endpoints/users';
import { useServices } from '../../../providers/services-context';
import { useScreenMeta } from '../../../providers/useScreenMeta';
import { Pager } from '../../../ui/Pager';
import { useLiveQuery } from '../../../providers/query/useLiveQuery';
import { useLoadFailedNotice } from '../../notices/useLoadFailedNotice';
import { UserBulkBar } from './UserBulkBar';
import { UserFilters } from './UserFilters';
import { UserRows } from './UserRows';
import { useBulkUserActions } from './useBulkUserActions';
import { Skeleton } from '../../../ui/Skeleton';

/** Users page size (spec 3 section 9). */
export const USERS_PAGE_SIZE = 10;
const NO_ROLES: Role[] = [];
const NONE_SELECTED = new Set<number>();

/** /settings/users: search, role filter, pages of 10 by name, bulk role change and delete. */
export function UsersList() {
  const { t } = useTranslation();
  const { api } = useServices();
  const [params, setParams] = useSearchParams();
  const q = params.get('q') ?? '';
  const role = params.get('role') ?? '';
  const page = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);
  useScreenMeta(t('users_admin.title'), { robots: 'noindex, nofollow' });

  const query = useLiveQuery(['users', { q, role, page }], () =>
    listUsers(api, { q, role: role ? [role] : [], limit: USERS_PAGE_SIZE, offset: (page - 1) * USERS_PAGE_SIZE }),
  );
  useLoadFailedNotice(query.error, t('users_admin.load_failed'));
  const list: ListEnvelope<User> | null = query.data ?? null;
  const reload = () => void query.refetch();
  const roles = useLiveQuery(['roles'], () => listRoles(api)).data ?? NO_ROLES;
  // A selection is made on one answer: a new page or a reload starts with none.
  const [selection, setSelection] = useState<{ on: unknown; ids: Set<number> }>({ on: null, ids: new Set() });
  const selected = selection.on === list ? selection.ids : NONE_SELECTED;
  const setSelected = (ids: Set<number>) => setSelection({ on: list, ids });

  const hrefFor = (target: number, next: { q?: string; role?: string } = {}) => {
    const search = new URLSearchParams();
    const nq = next.q ?? q;
    const nrole = next.role ?? role;
    if (nq) search.set('q', nq);
    if (nrole) search.set('role', nrole);
    if (target > 1) search.set('page', String(target));
    const text = search.toString();
    return text ? `?${text}` : '?';
  };

  const afterBulk = async (removed: number) => {
    // A page emptied by deletion falls back to the one before it.
    const left = (list?.count ?? 0) - removed;
    if (left <= 0 && page > 1) setParams(hrefFor(page - 1).slice(1));
    else reload();
  };
  const bulk = useBulkUserActions(roles, afterBulk);

  const users = list?.results ?? [];
  const pageCount = list ? Math.ceil(list.total_count / USERS_PAGE_SIZE) : 0;
  return (
    <section aria-labelledby="users-title">
      <div className="screen-header">
        <h1 id="users-title">{t('users_admin.title')}</h1>
        <Link to="/settings/users/create" className="button button-primary">
          {t('users_admin.add')}
        </Link>
      </div>
      <UserFilters key={`${q}|${role}`} q={q} role={role} roles={roles} onChange={(next) => setParams(hrefFor(1, next).slice(1))} />
      {list ? (
        <>
          <p className="list-count" aria-live="polite">
            {t('users_admin.total', { count: list.total_count })}
          </p>
          <UserBulkBar
            roles={roles}
            selectedCount={selected.size}
            pageCount={users.length}
            busy={bulk.busy}
            onSelectAll={(all) => setSelected(all ? new Set(users.map((u) => u.id)) : new Set())}
            onChangeRole={(newRole) => void bulk.changeRole([...selected], newRole)}
            onDelete={() => void bulk.remove([...selected])}
          />
          {users.length === 0 ? (
            <p className="empty-state">{t('users_admin.none')}</p>
          ) : (
            <UserRows
              users={users}
              roles={roles}
              selected={selected}
              onToggle={(id, on) => {
                const next = new Set(selected);
                if (on) next.add(id);
                else next.delete(id);
                setSelected(next);
              }}
            />
          )}
          <Pager page={page} pageCount={pageCount} hrefFor={(n) => hrefFor(n)} label={t('users_admin.pages')} />
        </>
      ) : (
        <Skeleton shape="row" />
      )}
    </section>
  );
}
