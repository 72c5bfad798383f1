import type { Audience } from '../../realtime/audience';
import { exportRule } from './exports.policy';

/** `export.*` events reach the job's requester and administrators, as `GET /exports/jobs/{id}` does. */
export const exportAudience: Audience<undefined> = {
  canRead: (auth, event) => {
    const userId = event.payload.user_id;
    return exportRule(auth, 'read', { user_id: typeof userId === 'number' ? userId : null });
  },
};
