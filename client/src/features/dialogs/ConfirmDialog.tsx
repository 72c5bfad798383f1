import { useTranslation } from 'react-i18next';
import { Dialog } from '../../ui/Dialog';
import type { ConfirmRequest } from '../../providers/dialogs';

/** Asks before something that cannot be undone; Escape and Cancel answer no. */
export function ConfirmDialog({ request, onAnswer }: { request: ConfirmRequest; onAnswer: (ok: boolean) => void }) {
  const { t } = useTranslation();
  return (
    <Dialog
      title={request.title ?? t('confirm.title')}
      size="small"
      onClose={() => onAnswer(false)}
      footer={
        <>
          <button type="button" className="button button-ghost" onClick={() => onAnswer(false)} data-autofocus>
            {request.cancelLabel ?? t('common.cancel')}
          </button>
          <button type="button" className={`button ${request.danger ? 'button-danger' : 'button-primary'}`} onClick={() => onAnswer(true)}>
            {request.confirmLabel ?? t('common.confirm')}
          </button>
        </>
      }
    >
      <p>{request.message}</p>
    </Dialog>
  );
}
