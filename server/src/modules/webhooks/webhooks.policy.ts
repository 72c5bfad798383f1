import { isAdmin } from '../../auth/auth';
import type { Rule } from '../../auth/policy/policy';

/**
 * Webhooks are for administrators only (API-CONTRACT 14.6, 17), and a protected webhook (one the
 * deployment's operator installed) cannot be deleted by anyone (spec 3 section 5).
 */
export const webhookRule: Rule<{ protected: boolean } | null> = (auth, privilege, webhook) => {
  if (!isAdmin(auth)) return false;
  if (privilege === 'delete') return webhook !== null && !webhook.protected;
  return ['read', 'create', 'update', 'search'].includes(privilege);
};
