import type { Collection, SavedSearch } from '@platform/shared';
import { keepPreviousData } from '@tanstack/react-query';
import { useState } from 'react';
import './sets.css';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { createCollection, listCollections, type SetInput } from '../../api/endpoints/collections';
import { listSavedSearches } from '../../api/endpoints/savedsearches';
import { useLiveQuery } from '../../providers/query/useLiveQuery';
import { useServices } from '../../providers/services-context';
import { useDebounced } from '../common/useDebounced';
import { Dialog } from '../../ui/Dialog';
import { useSession } from '../session/useSession';
import { DeleteSavedSearchesDialog } from './DeleteSavedSearchesDialog';
import { SetEditorDialog } from './SetEditorDialog';
import type { SetKind } from '../common/set-scope';

const SEARCH_DEBOUNCE_MS = 250;
const NONE: Array<Collection | SavedSearch> = [];

/** Saved searches listed are those featured or owned by the current user (spec 2 section 6). */
const listedFor = (userId: number | null) => (search: SavedSearch) => search.featured || (userId !== null && search.user?.id === userId);

/** Collections or saved searches matching the search box, featured first (API-CONTRACT 12). */
function useSetList(kind: SetKind, q: string, reload: number) {
  const { api } = useServices();
  const userId = useSession().session?.userId ?? null;
  const term = useDebounced(q, SEARCH_DEBOUNCE_MS);
  // The list shown stays while the next search is asked; a failed one lists nothing.
  const query = useLiveQuery(
    ['sets', kind, term, reload],
    (): Promise<Array<Collection | SavedSearch>> =>
      kind === 'collection'
        ? listCollections(api, { q: term })
        : listSavedSearches(api, { q: term }).then((found) => found.filter(listedFor(userId))),
    { placeholderData: keepPreviousData },
  );
  return query.isError ? NONE : (query.data ?? null);
}

/**
 * The collections list (spec 2 section 2: the Collections entry) and the saved search list modal
 * (screen 19): a search box, each one linking to its mode, for logged-in users a new collection,
 * and the saved search delete modal for those they may delete.
 */
export function SetListDialog({ kind, onClose }: { kind: SetKind; onClose: () => void }) {
  const { t } = useTranslation();
  const { api, notices } = useServices();
  const { loggedIn } = useSession();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const [q, setQ] = useState('');
  const [creating, setCreating] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const [reload, setReload] = useState(0);
  const items = useSetList(kind, q, reload);
  const base = kind === 'collection' ? 'collections' : 'savedsearches';
  const mayDelete = kind === 'savedsearch' && (items ?? []).some((item) => item.allowed_privileges.includes('delete'));

  const deleted = (ids: number[]) => {
    setDeleting(false);
    setReload((n) => n + 1);
    // The saved search shown now is gone: back to all posts.
    const shown = /^\/savedsearches\/(\d+)/.exec(pathname);
    if (shown && ids.includes(Number(shown[1]))) {
      onClose();
      void navigate('/views/data');
    }
  };

  const create = async (body: SetInput) => {
    const created = await createCollection(api, body);
    notices.success(t('notify.collection.created', { name: created.name }));
    onClose();
    void navigate(`/collections/${created.id}`);
  };

  return (
    <>
      <Dialog
        title={t(`sets.${kind}.list_title`)}
        onClose={onClose}
        footer={
          kind === 'collection' && loggedIn ? (
            <button type="button" className="button button-primary" onClick={() => setCreating(true)}>
              {t('sets.collection.create')}
            </button>
          ) : mayDelete ? (
            <button type="button" className="button button-danger" onClick={() => setDeleting(true)}>
              {t('sets.savedsearch.delete_button')}
            </button>
          ) : undefined
        }
      >
        <label className="field">
          <span className="field-label">{t(`sets.${kind}.search`)}</span>
          <input className="input" type="search" value={q} onChange={(e) => setQ(e.target.value)} data-autofocus />
        </label>
        {items === null ? <p className="loading">{t('app.loading')}</p> : null}
        {items?.length === 0 ? <p className="empty-state">{t(`sets.${kind}.none`)}</p> : null}
        <ul className="set-list">
          {(items ?? []).map((item) => (
            <li key={item.id}>
              <Link to={`/${base}/${item.id}`} onClick={onClose}>
                {item.name}
              </Link>
              {item.featured ? <span className="badge">{t('sets.featured_badge')}</span> : null}
              {item.description ? <p className="set-list-description">{item.description}</p> : null}
            </li>
          ))}
        </ul>
      </Dialog>
      {creating ? <SetEditorDialog kind="collection" set={null} onSave={create} onClose={() => setCreating(false)} /> : null}
      {deleting ? (
        <DeleteSavedSearchesDialog searches={(items ?? []) as SavedSearch[]} onClose={() => setDeleting(false)} onDeleted={deleted} />
      ) : null}
    </>
  );
}
