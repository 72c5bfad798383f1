import { useTranslation } from 'react-i18next';
import { Dialog } from '../../../ui/Dialog';
import { MODERATION_KEYS } from './moderation-keys';

/** The `?` dialog: every moderation key and what it does. */
export function KeyboardHelpDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Dialog
      title={t('post.keys.title')}
      onClose={onClose}
      size="small"
      footer={
        <button type="button" className="button button-primary" onClick={onClose} data-autofocus>
          {t('common.close')}
        </button>
      }
    >
      <p>{t('post.keys.intro')}</p>
      <dl className="key-list">
        {MODERATION_KEYS.map(({ key, label }) => (
          <div key={key} className="key-list-row">
            <dt>
              <kbd>{key}</kbd>
            </dt>
            <dd>{t(label)}</dd>
          </div>
        ))}
      </dl>
    </Dialog>
  );
}
