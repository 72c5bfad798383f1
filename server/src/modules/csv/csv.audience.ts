import type { Audience } from '../../realtime/audience';
import { csvRule } from './csv.policy';

/** `import.*` events reach those who may follow imports: administrators and bulk importers. */
export const importAudience: Audience<undefined> = {
  canRead: (auth) => auth.userId !== null && csvRule(auth, 'read', null),
};
