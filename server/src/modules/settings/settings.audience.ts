import type { ConfigGroup } from '@platform/shared';
import { configRule } from '../../auth/policy/config.policy';
import type { Audience } from '../../realtime/audience';

/** A config change reaches whoever may read that group. */
export const configAudience: Audience = {
  canRead: (auth, event) => configRule(auth, 'read', { group: event.aggregate_id as ConfigGroup }),
};
