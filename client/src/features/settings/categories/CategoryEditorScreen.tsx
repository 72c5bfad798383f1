import { useTranslation } from 'react-i18next';
import { Link, Navigate, useNavigate, useParams } from 'react-router';
import { createTag, listTags, updateTag } from '../../../api/endpoints/tags';
import { useServices } from '../../../providers/services-context';
import { useScreenMeta } from '../../../providers/useScreenMeta';
import { READ_ON_OPEN, useLiveQuery } from '../../../providers/query/useLiveQuery';
import { isNotFound } from '../../notices/useLoadFailedNotice';
import { listRoles } from '../surveys/roles';
import { CategoryForm } from './CategoryForm';

export const CATEGORY_LIST_PATH = '/settings/categories';

/** `/settings/categories/create` and `/settings/categories/{id}`. */
export function CategoryEditorScreen({ create }: { create: boolean }) {
  const { t } = useTranslation();
  const { api, notices } = useServices();
  const navigate = useNavigate();
  const params = useParams();
  const id = create ? null : /^\d{1,9}$/.test(params.id ?? '') ? Number(params.id) : NaN;
  const title = create ? t('category.create_title') : t('category.edit_title');
  useScreenMeta(title, { robots: 'noindex, nofollow' });

  // The whole list gives the parents to choose from and tells whether this one has children.
  const query = useLiveQuery(
    ['category-editor', id],
    async () => {
      const [tags, roles] = await Promise.all([listTags(api), listRoles(api)]);
      return { tags, roles };
    },
    { ...READ_ON_OPEN, enabled: !Number.isNaN(id) },
  );
  const tag = query.data && id !== null ? query.data.tags.find((x) => x.id === id) : null;
  const load = query.isPending
    ? { status: 'loading' as const }
    : query.isError || tag === undefined
      ? { status: 'error' as const, missing: tag === undefined || isNotFound(query.error) }
      : { status: 'ready' as const, tag, ...query.data };

  if (Number.isNaN(id)) return <Navigate to="/404" replace />;
  return (
    <section aria-labelledby="category-editor-title">
      <h1 id="category-editor-title">{title}</h1>
      {load.status === 'loading' ? (
        <p className="loading" role="status">
          {t('app.loading')}
        </p>
      ) : null}
      {load.status === 'error' ? (
        <div className="form-alert" role="alert">
          <p>{load.missing ? t('category.not_found') : t('category.load_failed')}</p>
          <p>
            <Link to={CATEGORY_LIST_PATH}>{t('category.back_to_list')}</Link>
          </p>
        </div>
      ) : null}
      {load.status === 'ready' ? (
        <CategoryForm
          tag={load.tag}
          tags={load.tags}
          roles={load.roles}
          onCancel={() => void navigate(CATEGORY_LIST_PATH)}
          onSave={async (body) => {
            const saved = id === null ? await createTag(api, body) : await updateTag(api, id, body);
            notices.success(t('notify.category.save_success', { name: saved.tag }));
            void navigate(CATEGORY_LIST_PATH);
          }}
          onFailed={(_error, unmatched) => notices.warning(t('category.save_failed'), unmatched)}
        />
      ) : null}
    </section>
  );
}
