import { useTranslation } from 'react-i18next';
import { useDialogs } from '../../providers/services-context';
import { Dialog } from '../../ui/Dialog';
import { ProfileForm } from './ProfileForm';

export default function ProfileDialog() {
  const { t } = useTranslation();
  const { dialogs } = useDialogs();
  return (
    <Dialog title={t('user_profile.title')} size="small" onClose={() => dialogs.close()}>
      <ProfileForm onCancel={() => dialogs.close()} onSaved={() => dialogs.close()} />
    </Dialog>
  );
}
