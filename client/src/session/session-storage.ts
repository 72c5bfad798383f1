import { z } from 'zod';

/** The session data kept locally (spec 1 section 3). `accessTokenExpires` is epoch milliseconds. */
export const SessionSchema = z.object({
  userId: z.number().int().nullable(),
  realname: z.string().nullable(),
  email: z.string().nullable(),
  accessToken: z.string(),
  accessTokenExpires: z.number(),
  grantType: z.enum(['password', 'client_credentials']),
  role: z.string().nullable(),
  permissions: z.array(z.string()),
  gravatar: z.string().nullable(),
  language: z.string().nullable(),
});
export type Session = z.infer<typeof SessionSchema>;

export const SESSION_KEY = 'platform.session';
export const LANGUAGE_KEY = 'platform.language';

export function loadSession(storage: Storage | undefined): Session | null {
  try {
    const raw = storage?.getItem(SESSION_KEY);
    if (!raw) return null;
    const parsed = SessionSchema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

export function saveSession(storage: Storage | undefined, session: Session | null): void {
  try {
    if (session) storage?.setItem(SESSION_KEY, JSON.stringify(session));
    else storage?.removeItem(SESSION_KEY);
  } catch {
    // Private browsing or a full quota: the session simply does not survive a reload.
  }
}

export function loadLanguage(storage: Storage | undefined): string | null {
  try {
    return storage?.getItem(LANGUAGE_KEY) ?? null;
  } catch {
    return null;
  }
}

export function saveLanguage(storage: Storage | undefined, language: string): void {
  try {
    storage?.setItem(LANGUAGE_KEY, language);
  } catch {
    // See saveSession.
  }
}

/** A bearer is sent only while it has not expired (spec 1 section 7). */
export function usableToken(session: Session | null, now: number): string | null {
  return session && session.accessTokenExpires > now ? session.accessToken : null;
}
