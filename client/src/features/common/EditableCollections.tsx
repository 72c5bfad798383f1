import type { Collection } from '@platform/shared';
import { keepPreviousData } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { listCollections } from '../../api/endpoints/collections';
import { useLiveQuery, useSetLiveData } from '../../providers/query/useLiveQuery';
import { useServices } from '../../providers/services-context';
import { useDebounced } from './useDebounced';

const NO_COLLECTIONS: Collection[] = [];

/**
 * The collections I may edit matching a search box (spec 2 screen 21): null while the first answer
 * loads, the previous answer kept while the next one does. `setCollections` changes the loaded list
 * in place (a collection just created).
 */
export function useEditableCollections() {
  const { api } = useServices();
  const [q, setQ] = useState('');
  const term = useDebounced(q);
  const listed = useLiveQuery(
    ['sets', 'editable', term],
    () =>
      listCollections(api, { q: term, editableByMe: true }).then((found) => found.filter((c) => c.allowed_privileges.includes('update'))),
    { placeholderData: keepPreviousData },
  );
  const collections = listed.isError ? NO_COLLECTIONS : (listed.data ?? null);
  const setCollections = useSetLiveData<Collection[]>(['sets', 'editable', term]);
  return { q, setQ, collections, setCollections };
}

/** The search box above a list of editable collections, with its loading and empty states. */
export function CollectionSearch({ q, setQ, collections }: Pick<ReturnType<typeof useEditableCollections>, 'q' | 'setQ' | 'collections'>) {
  const { t } = useTranslation();
  return (
    <>
      <label className="field">
        <span className="field-label">{t('sets.collection.search')}</span>
        <input className="input" type="search" value={q} onChange={(e) => setQ(e.target.value)} data-autofocus />
      </label>
      {collections === null ? <p className="loading">{t('app.loading')}</p> : null}
      {collections?.length === 0 ? <p className="empty-state">{t('sets.collection.none')}</p> : null}
    </>
  );
}
