import { DEFAULT_ADMIN_EMAIL } from '@platform/shared';
import { useConfig } from '../providers/config-context';
import { useDialogs } from '../providers/services-context';
import { useDemoStatus } from '../features/demo/useDemoStatus';
import { useSession } from '../features/session/useSession';
import type { AutoDialog } from '../providers/dialogs';

/** The first dialog the app should open by itself now, or null. */
export function useAutoDialog(): AutoDialog | null {
  const { session, loggedIn, admin, canOpenSettings } = useSession();
  const { site } = useConfig();
  const { state } = useDialogs();
  const demo = useDemoStatus();
  const open = (name: AutoDialog) => !state.dismissed.includes(name);

  // The default administrator e-mail means nobody has taken the account over yet (DESIGN 6).
  if (loggedIn && admin && session?.email === DEFAULT_ADMIN_EMAIL && open('adminSetup')) return 'adminSetup';
  // Only for someone who may update the site, while the site still says first_login (spec 1 section 6).
  if (loggedIn && site.first_login === true && site.allowed_privileges.includes('update') && open('firstLogin')) return 'firstLogin';
  if (canOpenSettings && (demo.kind === 'expired' || demo.kind === 'limit') && open('demoNotice')) return 'demoNotice';
  return null;
}
