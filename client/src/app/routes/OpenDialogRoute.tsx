import { useEffect } from 'react';
import { useNavigate, useParams } from 'react-router';
import { useSession } from '../../features/session/useSession';
import { useConfig } from '../../providers/config-context';
import { canRegister } from '../../providers/features';
import { useServices } from '../../providers/services-context';

type RoutedDialog = 'login' | 'register' | 'forgotPassword' | 'resetConfirm';

/** `/login`, `/register`, `/forgotpassword[/confirm[/:token]]`: open the dialog, then go to `/` (spec 1 section 2). */
export function OpenDialogRoute({ dialog }: { dialog: RoutedDialog }) {
  const navigate = useNavigate();
  const { token } = useParams();
  const { session, dialogs } = useServices();
  const { loggedIn } = useSession();
  const { site } = useConfig();

  useEffect(() => {
    switch (dialog) {
      case 'login':
        if (!loggedIn) session.send({ type: 'OPEN_LOGIN' });
        break;
      case 'register':
        if (!loggedIn && canRegister(site)) dialogs.open({ name: 'register' });
        break;
      case 'forgotPassword':
        dialogs.open({ name: 'forgotPassword' });
        break;
      case 'resetConfirm':
        dialogs.open(token ? { name: 'resetConfirm', token } : { name: 'resetConfirm' });
        break;
    }
    void navigate('/', { replace: true });
    // Runs once per visit of the route: the dialog is opened, then the URL moves on.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  return null;
}
