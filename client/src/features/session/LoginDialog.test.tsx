import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { listAnswer, renderWithApp } from '../../test/harness';
import LoginDialog from './LoginDialog';
import { TOS_VERSION_DATE } from '../../session/tos';

const badCredentials = () => ({
  status: 400,
  body: {
    error: 'invalid_grant',
    error_description: 'The user credentials were incorrect.',
    message: 'The user credentials were incorrect.',
  },
});
const me = { id: 3, url: 'u', email: 'ada@example.org', realname: 'Ada', role: 'user', allowed_privileges: [] };
const roles = listAnswer([
  {
    id: 2,
    url: 'u',
    name: 'user',
    display_name: 'Member',
    description: null,
    permissions: ['Edit their own posts'],
    protected: true,
    allowed_privileges: [],
  },
]);
const tos = (dates: string[]) =>
  listAnswer(
    dates.map((d, i) => ({
      id: i + 1,
      url: 'u',
      user: { id: 3, url: 'u' },
      agreement_date: d,
      tos_version_date: d,
      allowed_privileges: [],
    })),
  );

describe('LoginDialog', () => {
  it('keeps Log in disabled until the e-mail is valid and a password is typed, saying what is wrong as each field is left', async () => {
    const { services, user, server } = await renderWithApp(<LoginDialog />);
    services.session.send({ type: 'OPEN_LOGIN' });
    const button = (await screen.findByRole('button', { name: 'Log in' })) as HTMLButtonElement;
    expect(button.disabled).toBe(true);
    await user.click(screen.getByLabelText(/Email address/));
    await user.tab();
    expect(await screen.findByText('Email address is required')).toBeTruthy();
    await user.tab();
    expect(await screen.findByText('Password is required')).toBeTruthy();

    await user.type(screen.getByLabelText(/Email address/), 'someone@');
    await user.type(screen.getByLabelText(/Password/), 'a password');
    expect(await screen.findByText('This email address is invalid')).toBeTruthy();
    expect(screen.getByLabelText(/Email address/).getAttribute('aria-invalid')).toBe('true');
    expect(button.disabled).toBe(true);
    await user.click(button);
    expect(server.requests.some((r) => r.path === '/oauth/token')).toBe(false);

    await user.type(screen.getByLabelText(/Email address/), 'example.org');
    await waitFor(() => expect(button.disabled).toBe(false));
    expect(screen.queryByText('This email address is invalid')).toBeNull();
  });

  it('says the login failed and clears both fields', async () => {
    const { services, user, server } = await renderWithApp(<LoginDialog />, { handlers: { 'POST /oauth/token': badCredentials } });
    services.session.send({ type: 'OPEN_LOGIN' });
    await user.type(await screen.findByLabelText(/Email address/), 'ada@example.org');
    await user.type(screen.getByLabelText(/Password/), 'wrong password');
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    expect(await screen.findByText('Login failed, check your email and password.')).toBeTruthy();
    expect((screen.getByLabelText(/Email address/) as HTMLInputElement).value).toBe('');
    expect((screen.getByLabelText(/Password/) as HTMLInputElement).value).toBe('');
    expect(server.requests.find((r) => r.path === '/oauth/token')?.body).toMatchObject({
      grant_type: 'password',
      client_id: 'ushahidiui',
      username: 'ada@example.org',
      password: 'wrong password',
      scope: '*',
    });
  });

  it('logs in, reads the user and the role, checks the terms, and stores the session', async () => {
    const { services, user, server } = await renderWithApp(<LoginDialog />, {
      handlers: {
        'POST /oauth/token': () => ({ body: { token_type: 'Bearer', expires_in: 54000, access_token: 'fresh' } }),
        'GET /users/me': () => ({ body: me }),
        'GET /roles': () => ({ body: roles }),
        'GET /tos': () => ({ body: tos([TOS_VERSION_DATE]) }),
      },
    });
    services.session.send({ type: 'OPEN_LOGIN' });
    await user.type(await screen.findByLabelText(/Email address/), 'ada@example.org');
    await user.type(screen.getByLabelText(/Password/), 'right password');
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    await waitFor(() => expect(services.session.getSnapshot().value).toBe('loggedIn'));
    expect(services.session.getSnapshot().context.session).toMatchObject({
      email: 'ada@example.org',
      permissions: ['Edit their own posts'],
    });
    expect(server.requests.find((r) => r.path === '/users/me')?.headers.Authorization).toBe('Bearer fresh');
    expect(server.requests.find((r) => r.path === '/roles')?.query.get('name')).toBe('user');
    expect(JSON.parse(services.storage?.getItem('platform.session') ?? '{}')).toMatchObject({
      accessToken: 'fresh',
      grantType: 'password',
    });
  });

  it('offers no way out on a private site', async () => {
    const { services } = await renderWithApp(<LoginDialog />, { site: { private: true } });
    services.session.send({ type: 'OPEN_LOGIN' });
    expect(await screen.findByText('This deployment is private. Log in to see it.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Cancel' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Close' })).toBeNull();
    expect(screen.queryByRole('button', { name: /Sign up/ })).toBeNull();
  });

  it('cancels on a public site', async () => {
    const { services, user } = await renderWithApp(<LoginDialog />);
    services.session.send({ type: 'OPEN_LOGIN' });
    await user.click(await screen.findByRole('button', { name: 'Cancel' }));
    expect(services.session.getSnapshot().matches({ anonymous: { prompt: 'closed' } })).toBe(true);
  });
});
