import { MEMBER_ROLE, type User } from '@platform/shared';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate, useParams } from 'react-router';
import { listRoles } from '../../../api/endpoints/roles';
import { createUser, deleteUser, getUser, updateUser, type UserInput } from '../../../api/endpoints/users';
import { useServices } from '../../../providers/services-context';
import { useScreenMeta } from '../../../providers/useScreenMeta';
import { READ_ON_OPEN, useLiveQuery } from '../../../providers/query/useLiveQuery';
import { apiErrorTexts } from '../../notices/api-error-text';
import { isNotFound, useLoadFailedNotice } from '../../notices/useLoadFailedNotice';
import { useSession } from '../../session/useSession';
import { UserForm } from './UserForm';
import { userSaveProblems } from './user-save-errors';
import type { UserFormValues } from './user-form.schema';

/** /settings/users/create and /settings/users/{id} (spec 3 section 2). */
export function UserEditor() {
  // A new id is a new editor: the form starts again from that record.
  const { id } = useParams();
  return <UserEditorScreen key={id ?? 'new'} id={id} />;
}

function UserEditorScreen({ id }: { id: string | undefined }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { api, dialogs, notices } = useServices();
  const { session } = useSession();
  const userId = id === undefined ? null : Number(id);
  const mode = userId === null ? 'create' : 'edit';
  const isSelf = userId !== null && userId === session?.userId;
  useScreenMeta(mode === 'create' ? t('users_admin.create_title') : t('users_admin.edit_title'), { robots: 'noindex, nofollow' });

  const query = useLiveQuery(
    ['user-editor', userId],
    async () => {
      const [roles, user] = await Promise.all([listRoles(api), userId === null ? null : getUser(api, userId)]);
      return { roles, user };
    },
    { ...READ_ON_OPEN, enabled: userId === null || Number.isInteger(userId) },
  );
  const missing = isNotFound(query.error);
  useLoadFailedNotice(missing ? null : query.error, t('users_admin.load_failed'));
  const loaded = query.data ?? null;

  if (userId !== null && !Number.isInteger(userId)) return <Navigate to="/404" replace />;
  if (missing) return <Navigate to="/404" replace />;

  const backToList = () => void navigate('/settings/users');

  const save = async (values: UserFormValues, setError: Parameters<typeof userSaveProblems>[2]) => {
    const body: UserInput = { realname: values.realname, email: values.email };
    if (values.password) body.password = values.password;
    // Your own role is never sent: the server refuses the change (user.cannot_change_your_own_role).
    if (!isSelf) body.role = values.role;
    try {
      const user = userId === null ? await createUser(api, body) : await updateUser(api, userId, body);
      notices.success(t('users_admin.saved', { name: user.realname || user.email }));
      backToList();
    } catch (error) {
      const { limit, details } = userSaveProblems(t, error, setError);
      if (limit) notices.error(t('limit.admin_limit_reached'), details);
      else notices.warning(t('users_admin.save_failed'), details);
    }
  };

  const remove = async (user: User) => {
    if (isSelf) {
      notices.error(t('user.cannot_delete_yourself'));
      return;
    }
    const name = user.realname || user.email || String(user.id);
    if (
      !(await dialogs.confirm({ message: t('users_admin.delete_confirm_one', { name }), confirmLabel: t('common.delete'), danger: true }))
    )
      return;
    try {
      await deleteUser(api, user.id);
      notices.success(t('users_admin.deleted_one', { name }));
      backToList();
    } catch (error) {
      notices.warning(t('notify.user.destroy_error'), apiErrorTexts(t, error));
    }
  };

  const title = mode === 'create' ? t('users_admin.create_title') : t('users_admin.edit_title');
  const user = loaded?.user ?? null;
  return (
    <section aria-labelledby="user-editor-title">
      <div className="screen-header">
        <h1 id="user-editor-title">{title}</h1>
      </div>
      {loaded ? (
        <UserForm
          mode={mode}
          roles={loaded.roles}
          isSelf={isSelf}
          defaults={{
            realname: user?.realname ?? '',
            email: user?.email ?? '',
            password: '',
            role: user ? (user.role ?? '') : MEMBER_ROLE,
          }}
          onSubmit={save}
          onCancel={backToList}
          actions={
            user && !isSelf ? (
              <button type="button" className="button button-danger" onClick={() => void remove(user)}>
                {t('users_admin.delete_user')}
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
