import type { Collection } from '@platform/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { listCollections } from '../../../api/endpoints/collections';
import { useLiveQuery } from '../../../providers/query/useLiveQuery';
import { useServices } from '../../../providers/services-context';
import { Dialog } from '../../../ui/Dialog';
import { useDebounced } from '../../common/useDebounced';

/** Picks the collection the selected posts join (spec 2 screen 21, in bulk): the ones I may edit. */
export function BulkCollectionDialog({ count, onPick, onClose }: { count: number; onPick: (id: number) => void; onClose: () => void }) {
  const { t } = useTranslation();
  const { api } = useServices();
  const [q, setQ] = useState('');
  const term = useDebounced(q);
  const [chosen, setChosen] = useState<number | null>(null);
  const listed = useLiveQuery(['sets', 'editable', term], () =>
    listCollections(api, { q: term, editableByMe: true }).then((found) => found.filter((c) => c.allowed_privileges.includes('update'))),
  );
  const collections: Collection[] | null = listed.isError ? [] : (listed.data ?? null);
  return (
    <Dialog
      title={t('post.bulk.collection_title', { count })}
      onClose={onClose}
      footer={
        <>
          <button type="button" className="button" onClick={onClose}>
            {t('common.cancel')}
          </button>
          <button
            type="button"
            className="button button-primary"
            disabled={chosen === null}
            onClick={() => chosen !== null && onPick(chosen)}
          >
            {t('post.bulk.add')}
          </button>
        </>
      }
    >
      <label className="field">
        <span className="field-label">{t('sets.collection.search')}</span>
        <input className="input" type="search" value={q} onChange={(e) => setQ(e.target.value)} data-autofocus />
      </label>
      {collections === null ? <p className="loading">{t('app.loading')}</p> : null}
      {collections?.length === 0 ? <p className="empty-state">{t('sets.collection.none')}</p> : null}
      <fieldset className="sets-check-list bulk-collections">
        <legend className="visually-hidden">{t('post.bulk.collection_title', { count })}</legend>
        {(collections ?? []).map((collection) => (
          <label key={collection.id} className="radio">
            <input type="radio" name="bulk-collection" checked={chosen === collection.id} onChange={() => setChosen(collection.id)} />
            {collection.name}
          </label>
        ))}
      </fieldset>
    </Dialog>
  );
}
