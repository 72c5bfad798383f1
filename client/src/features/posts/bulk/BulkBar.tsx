import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../session/useSession';
import { STATUS_ACTIONS } from '../usePostActions';
import { bulkOffer } from './bulk-offer';
import { BulkCollectionDialog } from './BulkCollectionDialog';
import type { BulkActions } from './useBulkActions';
import { FolderOpen, StatusIcon, Trash2, decorative } from '../../../ui/icons';

/**
 * The select mode's bar (spec 2 screen 17): select all on the page, how many are selected, and the
 * actions some selected post allows; after an action, what was skipped and why.
 */
export function BulkBar({ bulk, pageCount }: { bulk: BulkActions; pageCount: number }) {
  const { t } = useTranslation();
  const { session, loggedIn } = useSession();
  const [picking, setPicking] = useState(false);
  const count = bulk.selected.length;
  const all = pageCount > 0 && count === pageCount;
  const offer = bulkOffer(bulk.selected, session?.userId ?? null, loggedIn);
  const disabled = count === 0 || bulk.busy;
  return (
    <div className="bulk-bar" role="region" aria-label={t('post.bulk.region')}>
      <div className="bulk-bar-row">
        <label className="bulk-select-all">
          <input
            type="checkbox"
            className="checkbox"
            checked={all}
            ref={(input) => {
              if (input) input.indeterminate = count > 0 && !all;
            }}
            onChange={(event) => bulk.selectAll(event.target.checked)}
            disabled={pageCount === 0 || bulk.busy}
          />
          {t('post.bulk.select_all')}
        </label>
        <span className="bulk-count" aria-live="polite">
          {t('post.bulk.selected', { count })}
        </span>
        <div className="bulk-actions">
          {STATUS_ACTIONS.filter((a) => offer.statuses.includes(a.status)).map((action) => (
            <button
              key={action.status}
              type="button"
              className="button button-small"
              disabled={disabled}
              onClick={() => void bulk.setStatus(action.status)}
            >
              <StatusIcon status={action.status} />
              {t(`post.bulk.status.${action.status}`)}
            </button>
          ))}
          {offer.collection ? (
            <button type="button" className="button button-small" disabled={disabled} onClick={() => setPicking(true)}>
              <FolderOpen {...decorative} />
              {t('post.action.collection')}
            </button>
          ) : null}
          {offer.delete ? (
            <button type="button" className="button button-small button-danger" disabled={disabled} onClick={() => void bulk.remove()}>
              <Trash2 {...decorative} />
              {t('post.bulk.delete')}
            </button>
          ) : null}
          <button type="button" className="button button-small button-ghost" onClick={bulk.stop}>
            {t('post.bulk.done_selecting')}
          </button>
        </div>
      </div>
      {bulk.outcome ? (
        <div className="bulk-outcome" role="status">
          <p>{bulk.outcome.summary}</p>
          {bulk.outcome.skipped.length > 0 ? (
            <>
              <p className="bulk-skipped-title">{t('post.bulk.skipped', { count: bulk.outcome.skipped.length })}</p>
              <ul className="bulk-skipped">
                {bulk.outcome.skipped.map((line) => (
                  <li key={line}>{line}</li>
                ))}
              </ul>
            </>
          ) : null}
          <button type="button" className="button button-ghost button-small" onClick={bulk.dismissOutcome}>
            {t('common.close')}
          </button>
        </div>
      ) : null}
      {picking ? (
        <BulkCollectionDialog
          count={count}
          onPick={(id) => {
            setPicking(false);
            void bulk.addToCollection(id);
          }}
          onClose={() => setPicking(false)}
        />
      ) : null}
    </div>
  );
}
