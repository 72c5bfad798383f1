import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';

/** Nothing to show, said on purpose: an icon, one sentence and, where one makes sense, the way forward. */
export function EmptyState({ icon: Icon, children, action }: { icon: LucideIcon; children: ReactNode; action?: ReactNode }) {
  return (
    <div className="empty-state-designed">
      <span className="empty-state-icon">
        <Icon aria-hidden focusable={false} size={24} />
      </span>
      <p>{children}</p>
      {action}
    </div>
  );
}
