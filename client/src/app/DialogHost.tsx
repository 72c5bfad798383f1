import { lazy, Suspense, useEffect } from 'react';
import { loadChunk } from '../ui/lazy-chunk';
import { useDialogs, useServices } from '../providers/services-context';
import { useLoginState } from '../features/session/useSession';
import { ConfirmDialog } from '../features/dialogs/ConfirmDialog';
import { useAutoDialog } from './useAutoDialog';

// Dialogs are not on the first screen: each is its own chunk, fetched when first opened.
const LoginDialog = lazy(() => loadChunk(() => import('../features/session/LoginDialog')));
const TosDialog = lazy(() => loadChunk(() => import('../features/session/TosDialog')));
const RegisterDialog = lazy(() => loadChunk(() => import('../features/session/RegisterDialog')));
const ForgotPasswordDialog = lazy(() => loadChunk(() => import('../features/session/ForgotPasswordDialog')));
const ResetConfirmDialog = lazy(() => loadChunk(() => import('../features/session/ResetConfirmDialog')));
const ProfileDialog = lazy(() => loadChunk(() => import('../features/account/ProfileDialog')));
const ContactsDialog = lazy(() => loadChunk(() => import('../features/account/ContactsDialog')));
const AccountSettingsDialog = lazy(() => loadChunk(() => import('../features/account/AccountSettingsDialog')));
const AdminSetupDialog = lazy(() => loadChunk(() => import('../features/admin-setup/AdminSetupDialog')));
const FirstLoginWizard = lazy(() => loadChunk(() => import('../features/first-login/FirstLoginWizard')));
const DemoNoticeDialog = lazy(() => loadChunk(() => import('../features/demo/DemoNoticeDialog')));

const LOGIN_STATES = ['authenticating', 'loadingUser', 'loadingRole', 'checkingTos'] as const;

/**
 * Which dialog shows, one at a time: a confirmation above all; then the terms of service of a
 * login in progress; then a dialog the person asked for; then the login dialog; then the dialogs
 * the app opens by itself (admin setup, first-login wizard, demo notice).
 */
function CurrentDialog() {
  const login = useLoginState();
  const { state } = useDialogs();
  const auto = useAutoDialog();
  const current = state.current;

  if (login.matches('awaitingTos') || login.matches('savingTos')) return <TosDialog />;
  if (current) {
    switch (current.name) {
      case 'register':
        return <RegisterDialog />;
      case 'forgotPassword':
        return <ForgotPasswordDialog />;
      case 'resetConfirm':
        return <ResetConfirmDialog token={current.token} />;
      case 'profile':
        return <ProfileDialog />;
      case 'contacts':
        return <ContactsDialog />;
      case 'accountSettings':
        return <AccountSettingsDialog tab={current.tab} />;
      case 'demoNotice':
        return <DemoNoticeDialog />;
    }
  }
  if (login.matches({ anonymous: { prompt: 'open' } }) || LOGIN_STATES.some((s) => login.matches(s))) return <LoginDialog />;
  switch (auto) {
    case 'adminSetup':
      return <AdminSetupDialog />;
    case 'firstLogin':
      return <FirstLoginWizard />;
    case 'demoNotice':
      return <DemoNoticeDialog auto />;
    case null:
      return null;
  }
}

export function DialogHost() {
  const { session, dialogs } = useServices();
  const { state } = useDialogs();

  // Logging in or out closes whatever was open and re-arms the automatic dialogs.
  useEffect(() => {
    const subscriptions = [
      session.on('loggedIn', () => {
        dialogs.close();
        dialogs.resetDismissed();
      }),
      session.on('loggedOut', () => {
        dialogs.close();
        dialogs.resetDismissed();
      }),
    ];
    return () => subscriptions.forEach((s) => s.unsubscribe());
  }, [session, dialogs]);

  return (
    <Suspense fallback={null}>
      <CurrentDialog />
      {state.confirm ? <ConfirmDialog request={state.confirm} onAnswer={(ok) => dialogs.answerConfirm(ok)} /> : null}
    </Suspense>
  );
}
