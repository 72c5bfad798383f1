import { useSelector } from '@xstate/react';
import { useServices } from '../../providers/services-context';
import { canOpenSettings, hasPermission, isAdmin, isLoggedIn } from '../../session/permissions';

/** The login machine's snapshot, for components that show its states (dialogs). */
export function useLoginState() {
  const { session } = useServices();
  return useSelector(session, (s) => s);
}

/** The current session data and what it allows, for everything else. */
export function useSession() {
  const { session: actor } = useServices();
  const session = useSelector(actor, (s) => s.context.session);
  return {
    session,
    send: actor.send.bind(actor),
    loggedIn: isLoggedIn(session),
    admin: isAdmin(session),
    canOpenSettings: canOpenSettings(session),
    can: (permission: string) => hasPermission(session, permission),
  };
}
