import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate, useParams, useSearchParams } from 'react-router';
import { deleteCollection, getCollection, updateCollection, type SetInput } from '../../api/endpoints/collections';
import { deleteSavedSearch, getSavedSearch, updateSavedSearch } from '../../api/endpoints/savedsearches';
import { useServices } from '../../app/services-context';
import { useServerEvents } from '../../realtime/useServerEvents';
import { useSession } from '../session/useSession';
import { DataView } from '../views/DataView';
import { MapView } from '../views/MapView';
import { filtersFromParams } from '../filters/filter-state';
import { filterToParams, paramsToFilter } from './saved-filter';
import { SetHeader, type ShownSet } from './SetHeader';
import { markCleared, SetScopeContext, type SetKind } from './set-scope';

type Loaded = ShownSet & { filter?: Record<string, unknown> | null };

const load = (kind: SetKind) => (kind === 'collection' ? getCollection : getSavedSearch);

/** The set named by the address, or null when it cannot be read (then the 404 page). */
export function useLoadedSet(kind: SetKind, id: number) {
  const { api } = useServices();
  const [set, setSet] = useState<Loaded | null | undefined>(undefined);
  useEffect(() => {
    let alive = true;
    load(kind)(api, id).then(
      (found) => alive && setSet(found as Loaded),
      () => alive && setSet(null),
    );
    return () => {
      alive = false;
    };
  }, [api, kind, id]);
  return [set, setSet] as const;
}

/** `/collections/{id}` and `/savedsearches/{id}`: the data view when the set's view is data or list, else the map (spec 2 section 2). */
export function SetRedirect({ kind }: { kind: SetKind }) {
  const id = Number(useParams().setId);
  const [set] = useLoadedSet(kind, Number.isInteger(id) ? id : 0);
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
  const [set, setSet] = useLoadedSet(kind, Number.isInteger(id) ? id : 0);
  const scope = useMemo(() => ({ kind, id }), [kind, id]);

  // Someone else renamed, narrowed or deleted this set: the header follows at once; a set that is
  // gone (or no longer readable) leaves for all posts, saying why.
  const navigate = useNavigate();
  const userId = useSession().session?.userId ?? null;
  useServerEvents(
    (event) => event.type === 'collection.updated' && event.aggregate_id === String(id) && event.actor_id !== userId,
    (event) => {
      const gone = () => {
        notices.info(t(kind === 'collection' ? 'notify.collection.gone' : 'notify.savedsearch.gone'));
        void navigate(`/views/${view}`, { replace: true });
      };
      if (event.payload.deleted === true) return gone();
      load(kind)(api, id).then((found) => setSet(found as Loaded), gone);
    },
  );

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
      await (kind === 'collection' ? deleteCollection(api, id) : deleteSavedSearch(api, id));
      notices.success(t(kind === 'collection' ? 'notify.collection.deleted' : 'notify.savedsearch.deleted', { name: set?.name ?? '' }));
      return true;
    } catch (error) {
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
