import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { useConfigState } from '../../providers/config-context';
import { useServices } from '../../providers/services-context';
import { Dialog } from '../../ui/Dialog';
import { useSession } from '../session/useSession';
import { shareLinks } from './share-links';

/**
 * The share modal (spec 2 screen 18): the page's address, Facebook and Twitter links, and an
 * iframe snippet of the map alone with the filters shown now, and, for those who may export, the
 * export screen with those filters (the export jobs of issue 22).
 */
export function ShareDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const { notices } = useServices();
  const { config } = useConfigState();
  const location = useLocation();
  const { can } = useSession();
  const addressId = useId();
  const embedId = useId();
  const links = shareLinks(new URL(`${location.pathname}${location.search}`, window.location.origin), config?.site.name || t('app.name'));

  const copy = async (text: string) => {
    try {
      await navigator.clipboard.writeText(text);
      notices.success(t('share.copied'));
    } catch {
      notices.info(t('share.copy_by_hand'));
    }
  };

  return (
    <Dialog
      title={t('share.title')}
      onClose={onClose}
      footer={
        <button type="button" className="button button-primary" onClick={onClose}>
          {t('common.close')}
        </button>
      }
    >
      <div className="field">
        <label className="field-label" htmlFor={addressId}>
          {t('share.address')}
        </label>
        <div className="share-copy-row">
          <input id={addressId} className="input" readOnly value={links.address} onFocus={(e) => e.target.select()} data-autofocus />
          <button type="button" className="button" onClick={() => void copy(links.address)}>
            {t('share.copy_address')}
          </button>
        </div>
      </div>
      <ul className="share-networks">
        <li>
          <a className="button" href={links.facebook} target="_blank" rel="noopener noreferrer">
            {t('share.facebook')}
          </a>
        </li>
        <li>
          <a className="button" href={links.twitter} target="_blank" rel="noopener noreferrer">
            {t('share.twitter')}
          </a>
        </li>
      </ul>
      <div className="field">
        <label className="field-label" htmlFor={embedId}>
          {t('share.embed')}
        </label>
        <textarea id={embedId} className="input share-embed" readOnly rows={4} value={links.embed} onFocus={(e) => e.target.select()} />
        <p className="field-hint">{t('share.embed_hint')}</p>
        <button type="button" className="button" onClick={() => void copy(links.embed)}>
          {t('share.copy_embed')}
        </button>
      </div>
      {can('Bulk Data Import and Export') ? (
        <div className="field">
          <Link className="button" to={`/settings/data-export${location.search}`} onClick={onClose}>
            {t('share.export')}
          </Link>
          <p className="field-hint">{t('share.export_hint')}</p>
        </div>
      ) : null}
    </Dialog>
  );
}
