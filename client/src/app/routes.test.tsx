import { cleanup, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { memberSession, renderRoutes, listAnswer as list } from '../test/harness';

describe('routes', () => {
  it('sends / to the map view and unknown paths to /404', async () => {
    const home = await renderRoutes('/');
    await waitFor(() => expect(home.router.state.location.pathname).toBe('/views/map'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Map' })).toBeTruthy();
    // The title is set by an effect that runs after the heading renders: wait for it.
    await waitFor(() => expect(document.title).toBe('Map · Test site'));
    await home.router.navigate('/somewhere/else');
    await waitFor(() => expect(home.router.state.location.pathname).toBe('/404'));
    expect(await screen.findByText("That URL doesn't exist")).toBeTruthy();
    await waitFor(() => expect(document.querySelector('meta[name="robots"]')?.getAttribute('content')).toBe('noindex, nofollow'));
    await home.router.navigate('/views/create');
    await waitFor(() => expect(home.router.state.location.pathname).toBe('/views/map'));
  });

  it('opens the login dialog from /login, then goes to /', async () => {
    const app = await renderRoutes('/login');
    expect(await screen.findByRole('dialog', { name: 'Log in' })).toBeTruthy();
    await waitFor(() => expect(app.router.state.location.pathname).toBe('/views/map'));
  });

  it('opens the reset confirmation with the token of the link', async () => {
    const app = await renderRoutes('/forgotpassword/confirm/tok123');
    expect(await screen.findByRole('dialog', { name: 'Choose a new password' })).toBeTruthy();
    expect(app.services.dialogs.getSnapshot().current).toEqual({ name: 'resetConfirm', token: 'tok123' });
    expect(screen.queryByLabelText(/Reset code/)).toBeNull();
  });

  it('does not offer registration on a site that disabled it', async () => {
    const app = await renderRoutes('/register', { site: { disable_registration: true } });
    await waitFor(() => expect(app.router.state.location.pathname).toBe('/views/map'));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Sign up' })).toBeNull();
  });

  it('says a disabled view is not on the plan', async () => {
    await renderRoutes('/views/data', {});
    expect(await screen.findByRole('heading', { level: 1, name: 'Data' })).toBeTruthy();
    cleanup();
    await renderRoutes('/activity', {
      handlers: {
        'GET /config': () => ({
          body: {
            count: 2,
            results: [
              { id: 'site', allowed_privileges: [] },
              { id: 'features', views: { activity: false } },
            ],
          },
        }),
      },
    });
    expect(await screen.findByText("The Activity view isn't available on your current plan.")).toBeTruthy();
    // Without the feature and without Manage Settings, the mode bar leaves Activity out.
    expect(screen.queryByRole('link', { name: 'Activity' })).toBeNull();
  });

  it('guards the settings area: members go to /, admins see the hub', async () => {
    const member = await renderRoutes('/settings', { session: memberSession() });
    await waitFor(() => expect(member.router.state.location.pathname).toBe('/views/map'));
    cleanup();
    const admin = await renderRoutes('/settings', { session: memberSession({ role: 'admin', email: 'owner@example.org' }) });
    expect(await screen.findByRole('heading', { level: 1, name: 'Settings' })).toBeTruthy();
    expect(admin.router.state.location.pathname).toBe('/settings');
  });

  it('opens the terms of service, then the admin setup, in that order after an admin logs in', async () => {
    const app = await renderRoutes('/views/map', {
      handlers: {
        'POST /oauth/token': () => ({ body: { token_type: 'Bearer', expires_in: 54000, access_token: 'fresh' } }),
        'GET /users/me': () => ({
          body: { id: 1, url: 'u', email: 'admin@example.com', realname: 'Admin', role: 'admin', allowed_privileges: [] },
        }),
        'GET /roles': () => ({ body: list() }),
        'GET /tos': () => ({ body: list() }),
        'POST /tos': () => ({
          body: { id: 1, url: 'u', user: { id: 1, url: 'u' }, agreement_date: 'x', tos_version_date: '2030-01-01', allowed_privileges: [] },
        }),
      },
    });
    await screen.findByRole('heading', { level: 1, name: 'Map' });
    app.services.session.send({ type: 'LOGIN', email: 'admin@example.com', password: 'administrator' });
    const tos = await screen.findByRole('dialog', { name: 'Terms of service' });
    await app.user.click(screen.getByLabelText('I have read and agree to the terms of service'));
    await app.user.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(tos.isConnected).toBe(false));
    expect(await screen.findByRole('dialog', { name: 'Secure your administrator account' })).toBeTruthy();
    await app.user.click(screen.getByRole('button', { name: 'Later' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('opens the first-login wizard only for someone who may update the site', async () => {
    const site = { first_login: true, allowed_privileges: ['read', 'update'] };
    await renderRoutes('/views/map', { session: memberSession({ role: 'admin', email: 'owner@example.org' }), site });
    expect(await screen.findByRole('dialog', { name: 'Welcome to your deployment' })).toBeTruthy();
    cleanup();
    await renderRoutes('/views/map', { session: memberSession(), site: { first_login: true, allowed_privileges: ['read'] } });
    await screen.findByRole('heading', { level: 1, name: 'Map' });
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('warns whoever can open settings, until closed, that install debug mode is on', async () => {
    const admin = memberSession({ role: 'admin', email: 'owner@example.org' });
    // The map's Add post button reads the surveys: answered, so the only notice is the warning.
    const surveys = { 'GET /forms': () => ({ body: list([]) }) };
    const on = await renderRoutes('/views/map', {
      session: admin,
      handlers: { ...surveys, 'GET /verifier/db': () => ({ body: { success: 'Connected' } }) },
    });
    await waitFor(() =>
      expect(on.services.notices.getSnapshot()).toMatchObject([
        { kind: 'warning', persistent: true, message: expect.stringMatching(/debug mode is on/) },
      ]),
    );
    cleanup();
    const off = await renderRoutes('/views/map', { session: admin, handlers: { ...surveys, 'GET /verifier/db': () => ({ status: 204 }) } });
    await waitFor(() => expect(off.server.requests.some((r) => r.path === '/verifier/db')).toBe(true));
    expect(off.services.notices.getSnapshot()).toEqual([]);
    cleanup();
    const member = await renderRoutes('/views/map', { session: memberSession() });
    await screen.findByRole('heading', { level: 1, name: 'Map' });
    expect(member.server.requests.some((r) => r.path === '/verifier/db')).toBe(false);
  });

  it('starts in the language of the logged-in user when none was picked', async () => {
    await renderRoutes('/views/map', { session: memberSession({ language: 'es' }) });
    expect(await screen.findByRole('heading', { level: 1, name: 'Mapa' })).toBeTruthy();
    const { changeLanguage } = await import('../i18n/i18n');
    await changeLanguage('en');
  });

  it('shows the first message of a failed bootstrap', async () => {
    await renderRoutes('/views/map', {
      handlers: {
        'GET /config': () => ({
          status: 503,
          body: {
            errors: [
              { status: 503, message: 'Database is starting' },
              { status: 503, message: 'later' },
            ],
          },
        }),
      },
    });
    expect(await screen.findByText('Database is starting')).toBeTruthy();
    expect(screen.queryByText('later')).toBeNull();
  });
});
