import type { Collection, Post } from '@platform/shared';
import { useState } from 'react';
import './sets.css';
import { useTranslation } from 'react-i18next';
import { addPostToCollection, createCollection, removePostFromCollection, type SetInput } from '../../api/endpoints/collections';
import { useServices } from '../../providers/services-context';
import { CollectionSearch, useEditableCollections } from '../common/EditableCollections';
import { Dialog } from '../../ui/Dialog';
import { CheckboxField } from '../../ui/Field';
import { cardTitle } from '../common/post-text';
import { SetEditorDialog } from './SetEditorDialog';

/**
 * The add-to-collection picker (spec 2 screen 21): a search box, the collections I may edit as a
 * checkbox list (ticked when the post is in it), and a new collection that the post then joins.
 * Each tick adds or removes the post at once (spec 2 section 4).
 */
export function AddToCollectionDialog({ post, onChanged, onClose }: { post: Post; onChanged: (post: Post) => void; onClose: () => void }) {
  const { t } = useTranslation();
  const { api, notices } = useServices();
  const editable = useEditableCollections();
  const { collections, setCollections } = editable;
  const [member, setMember] = useState(() => new Set(post.sets.map(Number)));
  const [creating, setCreating] = useState(false);

  const toggle = async (collection: Collection, add: boolean) => {
    // Ticked at once; the answer confirms it (or the tick goes back).
    const before = member;
    setMember((current) => {
      const next = new Set(current);
      if (add) next.add(collection.id);
      else next.delete(collection.id);
      return next;
    });
    try {
      const saved = add
        ? await addPostToCollection(api, collection.id, post.id)
        : await removePostFromCollection(api, collection.id, post.id);
      setMember(new Set(saved.sets.map(Number)));
      onChanged(saved);
      notices.success(
        t(add ? 'notify.collection.add_to_collection' : 'notify.collection.removed_from_collection', { name: collection.name }),
      );
    } catch (error) {
      setMember(before);
      notices.apiError(error, t('notify.sets.failed'));
    }
  };

  const create = async (body: SetInput) => {
    const created = await createCollection(api, body);
    notices.success(t('notify.collection.created', { name: created.name }));
    setCreating(false);
    setCollections((list) => [created, ...(list ?? [])]);
    await toggle(created, true);
  };

  return (
    <>
      <Dialog
        title={t('sets.collection.add_title', { title: cardTitle(post) })}
        onClose={onClose}
        footer={
          <>
            <button type="button" className="button" onClick={() => setCreating(true)}>
              {t('sets.collection.create')}
            </button>
            <button type="button" className="button button-primary" onClick={onClose}>
              {t('common.close')}
            </button>
          </>
        }
      >
        <CollectionSearch {...editable} />
        <ul className="sets-check-list">
          {(collections ?? []).map((collection) => (
            <li key={collection.id}>
              <CheckboxField
                label={collection.name}
                checked={member.has(collection.id)}
                onChange={(event) => void toggle(collection, event.target.checked)}
              />
            </li>
          ))}
        </ul>
      </Dialog>
      {creating ? <SetEditorDialog kind="collection" set={null} onSave={create} onClose={() => setCreating(false)} /> : null}
    </>
  );
}
