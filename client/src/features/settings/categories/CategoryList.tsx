import type { Tag } from '@platform/shared';
import { useState, type Dispatch, type SetStateAction } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { deleteTag, listTags } from '../../../api/endpoints/tags';
import { useServices } from '../../../providers/services-context';
import { useScreenMeta } from '../../../providers/useScreenMeta';
import { useLiveQuery } from '../../../providers/query/useLiveQuery';
import { CheckboxField } from '../../../ui/Field';
import { apiErrorTexts } from '../../notices/api-error-text';
import { listRoles } from '../surveys/roles';
import { CATEGORY_LIST_PATH } from './CategoryEditorScreen';
import { categoryRows } from '../../common/category-tree';
import { Skeleton } from '../../../ui/Skeleton';
import { EmptyState } from '../../../ui/EmptyState';
import { Inbox } from '../../../ui/icons';

type Selection = { selected: number[]; setSelected: Dispatch<SetStateAction<number[]>> };

/** One category: a box to select it, its colour, name (to edit it), description and who sees it. */
function CategoryRow({ tag, selected, setSelected, roleNames }: Selection & { tag: Tag; roleNames: (names: string[]) => string }) {
  const { t } = useTranslation();
  return (
    <div className="settings-row">
      <CheckboxField
        className="row-select"
        label={<span className="visually-hidden">{t('category.select_named', { name: tag.tag })}</span>}
        checked={selected.includes(tag.id)}
        onChange={(event) =>
          setSelected((current) => (event.target.checked ? [...current, tag.id] : current.filter((id) => id !== tag.id)))
        }
      />
      <span
        className={`color-dot${tag.color ? '' : ' color-dot-none'}`}
        style={tag.color ? { background: tag.color } : undefined}
        aria-hidden="true"
      />
      <div className="settings-row-text">
        <Link to={`${CATEGORY_LIST_PATH}/${tag.id}`} className="settings-row-title">
          {tag.tag}
        </Link>
        {tag.description ? <span className="settings-row-description">{tag.description}</span> : null}
      </div>
      {tag.role?.length ? <span className="badge">{t('category.visible_to', { roles: roleNames(tag.role) })}</span> : null}
    </div>
  );
}

/** Categories with their children indented, bulk select and delete (spec 3 section 2). */
export function CategoryList() {
  const { t } = useTranslation();
  const { api, notices, dialogs } = useServices();
  const [picked, setSelected] = useState<number[]>([]);
  const [deleting, setDeleting] = useState(false);
  useScreenMeta(t('category.list_title'), { robots: 'noindex, nofollow' });

  const query = useLiveQuery(['category-list'], async () => {
    const [tags, roles] = await Promise.all([listTags(api), listRoles(api)]);
    return { tags, roles };
  });
  const load = query.isPending
    ? { status: 'loading' as const }
    : query.isError
      ? { status: 'error' as const }
      : { status: 'ready' as const, ...query.data };

  const tags = load.status === 'ready' ? load.tags : [];
  // Only categories still listed stay selected (a delete elsewhere drops them).
  const selected = picked.filter((id) => tags.some((tag) => tag.id === id));
  const rows = categoryRows(tags);
  const roleNames = (names: string[]) =>
    names.map((name) => (load.status === 'ready' ? load.roles.find((r) => r.name === name)?.display_name : undefined) ?? name).join(', ');
  const allSelected = rows.length > 0 && selected.length === rows.length;

  const removeSelected = async () => {
    const chosen = tags.filter((tag) => selected.includes(tag.id));
    const ok = await dialogs.confirm({
      message: t('category.delete_confirm', { count: chosen.length, name: chosen[0]?.tag }),
      confirmLabel: t('common.delete'),
      danger: true,
    });
    if (!ok) return;
    setDeleting(true);
    try {
      for (const tag of chosen) await deleteTag(api, tag.id);
      notices.success(t('notify.category.destroy_success', { count: chosen.length, name: chosen[0]?.tag }));
      setSelected([]);
    } catch (error) {
      notices.warning(t('notify.category.destroy_error'), apiErrorTexts(t, error));
    } finally {
      setDeleting(false);
      void query.refetch();
    }
  };

  return (
    <section aria-labelledby="categories-title">
      <div className="page-header">
        <h1 id="categories-title">{t('category.list_title')}</h1>
        <Link to={`${CATEGORY_LIST_PATH}/create`} className="button button-primary">
          {t('category.new')}
        </Link>
      </div>
      {load.status === 'loading' ? <Skeleton shape="row" /> : null}
      {load.status === 'error' ? <p className="form-alert">{t('category.list_failed')}</p> : null}
      {load.status === 'ready' && rows.length === 0 ? <EmptyState icon={Inbox}>{t('category.none')}</EmptyState> : null}
      {rows.length > 0 ? (
        <>
          <div className="bulk-bar">
            <CheckboxField
              label={t('category.select_all')}
              checked={allSelected}
              onChange={(event) => setSelected(event.target.checked ? rows.map((r) => r.tag.id) : [])}
            />
            <button
              type="button"
              className="button button-danger button-small"
              disabled={selected.length === 0 || deleting}
              onClick={() => void removeSelected()}
            >
              {deleting ? t('common.processing') : t('category.delete_selected', { count: selected.length })}
            </button>
          </div>
          <ul className="settings-list" aria-label={t('category.list_title')}>
            {rows
              .filter((row) => row.depth === 0)
              .map(({ tag }) => {
                const children = rows.filter((row) => row.depth === 1 && row.tag.parent?.id === tag.id);
                return (
                  <li key={tag.id}>
                    <CategoryRow tag={tag} selected={selected} setSelected={setSelected} roleNames={roleNames} />
                    {children.length > 0 ? (
                      <ul className="settings-list indented" aria-label={t('category.children_of', { name: tag.tag })}>
                        {children.map((child) => (
                          <li key={child.tag.id}>
                            <CategoryRow tag={child.tag} selected={selected} setSelected={setSelected} roleNames={roleNames} />
                          </li>
                        ))}
                      </ul>
                    ) : null}
                  </li>
                );
              })}
          </ul>
        </>
      ) : null}
    </section>
  );
}
