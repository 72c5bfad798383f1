import { describe, expect, it } from 'vitest';
import { basicSignUpUrl, signUpSubdomain } from './plan-links';

describe('plan sign-up link', () => {
  it('takes the subdomain from the backend address without protocol and API domain', () => {
    expect(signUpSubdomain('https://rescue.api.ushahidi.io')).toBe('rescue');
    expect(signUpSubdomain('https://rescue.ushahidi.io/')).toBe('rescue');
    expect(signUpSubdomain('http://127.0.0.1:8080')).toBe('127.0.0.1');
    expect(signUpSubdomain('https://maps.example.org/api')).toBe('maps.example.org');
  });

  it('sends the e-mail URL-encoded as the username and asks for level_1', () => {
    const url = new URL(basicSignUpUrl('https://rescue.api.ushahidi.io', 'ana+maps@example.org'));
    expect(url.origin).toBe('https://ushahidi.io');
    expect(url.search).toBe('?subdomain=rescue&username=ana%2Bmaps%40example.org&tier=level_1');
    expect(url.searchParams.get('username')).toBe('ana+maps@example.org');
  });
});
