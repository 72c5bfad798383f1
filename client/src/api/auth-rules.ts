/**
 * Calls whose 400/401/403 the session never reacts to: the token endpoint, users and roles
 * (API-CONTRACT 2.2). Their callers handle failures themselves (a wrong password is a 400).
 */
export function isExemptFromAuthHandling(path: string): boolean {
  const bare = path.replace(/^https?:\/\/[^/]+/, '').replace(/^\/api\/v3/, '');
  return /^\/oauth\/token\b/.test(bare) || /^\/users\b/.test(bare) || /^\/roles\b/.test(bare);
}

/** Statuses the session reacts to: 400 and 401 ask for a (new) token, 403 means refused. */
export const isAuthStatus = (status: number): boolean => status === 400 || status === 401 || status === 403;
