import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { SetInput } from '../../api/endpoints/collections';
import { createSavedSearch } from '../../api/endpoints/savedsearches';
import { useServices } from '../../providers/services-context';
import type { PostFilters } from '../common/filter-state';
import { useSession } from '../session/useSession';
import { paramsToFilter } from '../common/saved-filter';
import { SetEditorDialogLazy, SetListDialogLazy } from './lazy-dialogs';
import { useDefaultStatus, useSetScope } from '../common/set-scope';
import { changedFilterCount } from '../common/filter-state';

/**
 * Beside the filters (spec 2 screens 15, 16 and 19): the saved search list for everyone, and for
 * logged-in users a button that saves the filters shown now as a new saved search.
 */
export function SavedSearchButtons({ filters }: { filters: PostFilters }) {
  const { t } = useTranslation();
  const { api, notices } = useServices();
  const { loggedIn } = useSession();
  const scope = useSetScope();
  const navigate = useNavigate();
  const [open, setOpen] = useState<'list' | 'save' | null>(null);
  // Saving the defaults would save nothing worth returning to: offered once a filter differs.
  const changed = changedFilterCount(filters, useDefaultStatus()) > 0;

  const save = async (body: SetInput) => {
    const created = await createSavedSearch(api, { ...body, filter: paramsToFilter(filters) });
    notices.success(t('notify.savedsearch.saved', { name: created.name }));
    setOpen(null);
    void navigate(`/savedsearches/${created.id}`);
  };

  return (
    <>
      <button type="button" className="button button-ghost" onClick={() => setOpen('list')}>
        {t('sets.savedsearch.list_button')}
      </button>
      {loggedIn && !scope && changed ? (
        <button type="button" className="button button-ghost" onClick={() => setOpen('save')}>
          {t('sets.savedsearch.save_button')}
        </button>
      ) : null}
      {open === 'list' ? <SetListDialogLazy kind="savedsearch" onClose={() => setOpen(null)} /> : null}
      {open === 'save' ? <SetEditorDialogLazy kind="savedsearch" set={null} onSave={save} onClose={() => setOpen(null)} /> : null}
    </>
  );
}
