import type { ReactNode } from 'react';
import { Navigate } from 'react-router';
import { useSession } from '../session/useSession';
import type { Session } from '../../session/session-storage';
import './settings-screens.css';

/** A settings screen its user may not open sends them to `/` (spec 3 section 2). */
export function RequireAccess({ rule, children }: { rule: (session: Session | null) => boolean; children: ReactNode }) {
  const { session } = useSession();
  if (!rule(session)) return <Navigate to="/" replace />;
  return children;
}
