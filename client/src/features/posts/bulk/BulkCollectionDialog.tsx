import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Dialog } from '../../../ui/Dialog';
import { CollectionSearch, useEditableCollections } from '../../common/EditableCollections';

/** Picks the collection the selected posts join (spec 2 screen 21, in bulk): the ones I may edit. */
export function BulkCollectionDialog({ count, onPick, onClose }: { count: number; onPick: (id: number) => void; onClose: () => void }) {
  const { t } = useTranslation();
  const editable = useEditableCollections();
  const { collections } = editable;
  const [chosen, setChosen] = useState<number | null>(null);
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
      <CollectionSearch {...editable} />
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
