import { userRule } from '../../auth/policy/users.policy';
import type { Audience } from '../../realtime/audience';

/** Account changes reach the user themselves and whoever manages users. */
export const userAudience: Audience = {
  canRead: (auth, event) => userRule(auth, 'read', { id: Number(event.aggregate_id) }),
};
