import type { SavedSearch } from '@platform/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { deleteSavedSearch } from '../../api/endpoints/savedsearches';
import { useServices } from '../../providers/services-context';
import { Dialog } from '../../ui/Dialog';
import { CheckboxField } from '../../ui/Field';

/**
 * The saved search delete modal with multi-select (spec 2 screen 19): the saved searches the caller
 * may delete, ticked one by one, deleted together. Each deletion stands alone: one refused does not
 * stop the others, and the caller is told which went and which did not.
 */
export function DeleteSavedSearchesDialog({
  searches,
  onClose,
  onDeleted,
}: {
  searches: SavedSearch[];
  onClose: () => void;
  onDeleted: (ids: number[]) => void;
}) {
  const { t } = useTranslation();
  const { api, notices } = useServices();
  const deletable = searches.filter((s) => s.allowed_privileges.includes('delete'));
  const [chosen, setChosen] = useState<ReadonlySet<number>>(new Set());
  const [busy, setBusy] = useState(false);

  const toggle = (id: number, on: boolean) =>
    setChosen((current) => {
      const next = new Set(current);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });

  const remove = async () => {
    setBusy(true);
    const ids = [...chosen];
    const results = await Promise.allSettled(ids.map((id) => deleteSavedSearch(api, id)));
    const deleted = ids.filter((_, i) => results[i]?.status === 'fulfilled');
    const failed = results.find((r): r is PromiseRejectedResult => r.status === 'rejected');
    setBusy(false);
    if (deleted.length > 0) notices.success(t('notify.savedsearch.deleted_many', { count: deleted.length }));
    if (failed) notices.apiError(failed.reason, t('notify.sets.failed'));
    onDeleted(deleted);
  };

  return (
    <Dialog
      title={t('sets.savedsearch.delete_title')}
      onClose={onClose}
      footer={
        <>
          <button type="button" className="button button-ghost" onClick={onClose}>
            {t('common.cancel')}
          </button>
          <button type="button" className="button button-danger" disabled={chosen.size === 0 || busy} onClick={() => void remove()}>
            {t('sets.savedsearch.delete_selected', { count: chosen.size })}
          </button>
        </>
      }
    >
      <p>{t('sets.savedsearch.delete_intro')}</p>
      {deletable.length === 0 ? <p className="empty-state">{t('sets.savedsearch.none_deletable')}</p> : null}
      <ul className="sets-check-list">
        {deletable.map((search) => (
          <li key={search.id}>
            <CheckboxField label={search.name} checked={chosen.has(search.id)} onChange={(e) => toggle(search.id, e.target.checked)} />
          </li>
        ))}
      </ul>
    </Dialog>
  );
}
