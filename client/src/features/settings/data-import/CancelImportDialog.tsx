import { useTranslation } from 'react-i18next';
import { Dialog } from '../../../ui/Dialog';

/** "Are you sure?" before an import is cancelled (spec 3 section 4). */
export function CancelImportDialog({ onKeep, onConfirm }: { onKeep: () => void; onConfirm: () => void }) {
  const { t } = useTranslation();
  return (
    <Dialog
      title={t('data_import.cancel_title')}
      size="small"
      onClose={onKeep}
      footer={
        <>
          <button type="button" className="button" data-autofocus onClick={onKeep}>
            {t('data_import.keep')}
          </button>
          <button type="button" className="button button-danger" onClick={onConfirm}>
            {t('data_import.cancel')}
          </button>
        </>
      }
    >
      <p>{t('data_import.csv_import_cancel_confirm')}</p>
    </Dialog>
  );
}
