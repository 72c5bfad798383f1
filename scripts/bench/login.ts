import { PUBLIC_CLIENT_ID, PUBLIC_CLIENT_SECRET } from '@platform/shared';

/** An access token for `username` by the password grant with every scope, as the web client logs in. */
export async function passwordToken(url: string, username: string, password: string): Promise<string> {
  const res = await fetch(`${url}/oauth/token`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({
      grant_type: 'password',
      client_id: PUBLIC_CLIENT_ID,
      client_secret: PUBLIC_CLIENT_SECRET,
      username,
      password,
      scope: '*',
    }),
  });
  if (!res.ok) throw new Error(`logging in as ${username} answered ${res.status}`);
  return ((await res.json()) as { access_token: string }).access_token;
}
