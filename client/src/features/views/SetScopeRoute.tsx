import { useEffect, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate, useParams, useSearchParams } from 'react-router';
import { deleteCollection, getCollection, updateCollection, type SetInput } from '../../api/endpoints/collections';
import { deleteSavedSearch, getSavedSearch, updateSavedSearch } from '../../api/endpoints/savedsearches';
import { useServices } from '../../providers/services-context';
import { useLiveQuery, useSetLiveData } from '../../providers/query/useLiveQuery';
import { DataView } from './DataView';
import { MapView } from './MapView';
import { filtersFromParams } from '../common/filter-state';
import { filterToParams, paramsToFilter } from '../common/saved-filter';
import { SetHeader, type ShownSet } from '../sets/SetHeader';
import { markCleared, SetScopeContext, type SetKind } from '../common/set-scope';

type Loaded = ShownSet & { filter?: Record<string, unknown> | null };

const load = (kind: SetKind) => (kind === 'collection' ? getCollection : getSavedSearch);

/**
 * The set named by the address: undefined while it loads, null when it cannot be read (then the
 * 404 page), and `lost` once a set shown before can no longer be read (deleted or hidden since).
 */
export function useLoadedSet(kind: SetKind, id: number) {
  const { api } = useServices();
  const query = useLiveQuery(['set', id, kind], () => load(kind)(api, id) as Promise<Loaded>);
  const lost = query.isError && query.data !== undefined;
  const set = query.isError && !lost ? null : query.data;
  return { set, lost, replace: useSetLiveData<Loaded>(['set', id, kind]) };
}

/** `/collections/{id}` and `/savedsearches/{id}`: the data view when the set's view is data or list, else the map (spec 2 section 2). */
export function SetRedirect({ kind }: { kind: SetKind }) {
  const id = Number(useParams().setId);
  const { set } = useLoadedSet(kind, Number.isInteger(id) ? id : 0);
  if (set === undefined) return null;
  if (set === null) return <Navigate to="/404" replace />;
  const view = set.view === 'data' || set.view === 'list' ? 'data' : 'map';
  return <Navigate to={`/${kind === 'collection' ? 'collections' : 'savedsearches'}/${id}/${view}`} replace />;
}

/**
 * Collection or saved-search mode for the data or map view (spec 2 sections 2 and 4): the context
 * header above the view; a collection limits the posts to its own, a saved search applies its stored
 * filter when the address holds none.
 */
export function SetScopeRoute({ kind, view }: { kind: SetKind; view: 'data' | 'map' }) {
  const { t } = useTranslation();
  const { api, notices, dialogs } = useServices();
  const id = Number(useParams().setId);
  const [params, setParams] = useSearchParams();
  const { set, lost, replace: setSet } = useLoadedSet(kind, Number.isInteger(id) ? id : 0);
  const scope = useMemo(() => ({ kind, id }), [kind, id]);

  // Someone renamed, narrowed or deleted this set: it is read again (`live-keys.ts`) and the header
  // follows; a set that is gone (or no longer readable) leaves for all posts, saying why. Deleting
  // it here leaves by itself.
  const navigate = useNavigate();
  const leaving = useRef(false);
  useEffect(() => {
    if (!lost || leaving.current) return;
    notices.info(t(kind === 'collection' ? 'notify.collection.gone' : 'notify.savedsearch.gone'));
    void navigate(`/views/${view}`, { replace: true });
  }, [lost, kind, view, navigate, notices, t]);

  // Entering a saved search (an address without filters) shows its filter and its chips. Filters
  // cleared afterwards (the last chip, restore defaults) are marked in the address and stay cleared.
  const saved = kind === 'savedsearch' && set ? set.filter : null;
  useEffect(() => {
    if (!saved || params.size > 0) return;
    setParams(markCleared(filterToParams(saved), scope), { replace: true });
  }, [saved, scope, params, setParams]);

  const save = async (body: SetInput) => {
    const updated = kind === 'collection' ? await updateCollection(api, id, body) : await updateSavedSearch(api, id, body);
    setSet(updated as Loaded);
    notices.success(t(kind === 'collection' ? 'notify.collection.updated' : 'notify.savedsearch.updated', { name: updated.name }));
  };

  const remove = async () => {
    const ok = await dialogs.confirm({
      message: t(kind === 'collection' ? 'notify.collection.delete_confirm' : 'notify.savedsearch.delete_confirm'),
      danger: true,
      confirmLabel: t('common.delete'),
    });
    if (!ok) return false;
    try {
      leaving.current = true;
      await (kind === 'collection' ? deleteCollection(api, id) : deleteSavedSearch(api, id));
      notices.success(t(kind === 'collection' ? 'notify.collection.deleted' : 'notify.savedsearch.deleted', { name: set?.name ?? '' }));
      return true;
    } catch (error) {
      leaving.current = false;
      notices.apiError(error, t('notify.sets.failed'));
      return false;
    }
  };

  if (set === undefined) return <p className="loading">{t('app.loading')}</p>;
  if (set === null) return <Navigate to="/404" replace />;

  // A saved search's update and reset: store the filters shown now, or show the stored ones again.
  const savedSearchButtons =
    kind === 'savedsearch' ? (
      <>
        {set.allowed_privileges.includes('update') ? (
          <button
            type="button"
            className="button"
            onClick={() =>
              void updateSavedSearch(api, id, { filter: paramsToFilter(filtersFromParams(params)) }).then(
                (updated) => {
                  setSet(updated as Loaded);
                  notices.success(t('notify.savedsearch.updated', { name: updated.name }));
                },
                (error: unknown) => notices.apiError(error, t('notify.sets.failed')),
              )
            }
          >
            {t('sets.savedsearch.update')}
          </button>
        ) : null}
        <button
          type="button"
          className="button"
          onClick={() => setParams(markCleared(filterToParams(set.filter ?? {}), scope), { replace: true })}
        >
          {t('sets.savedsearch.reset')}
        </button>
      </>
    ) : null;

  return (
    <SetScopeContext.Provider value={scope}>
      <div className="set-mode">
        <SetHeader kind={kind} set={set} view={view} onSave={save} onDelete={remove} extra={savedSearchButtons} />
        {view === 'data' ? <DataView /> : <MapView />}
      </div>
    </SetScopeContext.Provider>
  );
}
