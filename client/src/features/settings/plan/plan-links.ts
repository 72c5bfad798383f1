import { BASIC_TIER } from './tiers';

/** Where deployments are hosted when no other deployments domain is configured (spec 3 section 9). */
export const DEFAULT_CLOUD_DOMAIN = 'ushahidi.io';
export const ENTERPRISE_URL = 'https://www.ushahidi.com/enterprise';
export const GRASSROOTS_URL = 'https://www.ushahidi.com/plans/apply-for-free';
export const SOURCE_CODE_URL = 'https://github.com/ushahidi/platform';
export const CONTACT_URL = 'https://www.ushahidi.com/contact';

/**
 * The deployment's sign-up subdomain: the backend address without its protocol and API domain
 * (`https://rescue.api.ushahidi.io` -> `rescue`); any other host is sent as it is.
 */
export function signUpSubdomain(backendUrl: string, cloudDomain = DEFAULT_CLOUD_DOMAIN): string {
  const host = backendUrl.replace(/^[a-z][a-z0-9+.-]*:\/\//i, '').replace(/[/:].*$/, '');
  for (const apiDomain of [`api.${cloudDomain}`, cloudDomain]) {
    if (host.endsWith(`.${apiDomain}`)) return host.slice(0, -(apiDomain.length + 1));
  }
  return host;
}

/** The cloud sign-up page for the Basic plan, with subdomain, username (e-mail) and tier (spec 3 section 2). */
export function basicSignUpUrl(backendUrl: string, email: string, cloudDomain = DEFAULT_CLOUD_DOMAIN): string {
  const query = [
    `subdomain=${encodeURIComponent(signUpSubdomain(backendUrl, cloudDomain))}`,
    `username=${encodeURIComponent(email)}`,
    `tier=${BASIC_TIER}`,
  ].join('&');
  return `https://${cloudDomain}/create?${query}`;
}
