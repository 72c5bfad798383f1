import { useTranslation } from 'react-i18next';
import { useDialogs } from '../../providers/services-context';
import { Dialog } from '../../ui/Dialog';
import { ContactsPanel } from './ContactsPanel';

export default function ContactsDialog() {
  const { t } = useTranslation();
  const { dialogs } = useDialogs();
  return (
    <Dialog title={t('contact.title')} size="medium" onClose={() => dialogs.close()}>
      <ContactsPanel onCancel={() => dialogs.close()} />
    </Dialog>
  );
}
