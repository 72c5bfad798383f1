import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithApp } from '../../test/harness';
import TosDialog from './TosDialog';
import { TOS_VERSION_DATE } from '../../session/tos';

const answers = {
  'POST /oauth/token': () => ({ body: { token_type: 'Bearer', expires_in: 54000, access_token: 'fresh' } }),
  'GET /users/me': () => ({ body: { id: 3, url: 'u', email: 'ada@example.org', realname: 'Ada', role: 'user', allowed_privileges: [] } }),
  'GET /roles': () => ({
    body: { count: 0, results: [], limit: null, offset: 0, order: 'asc', orderby: 'id', curr: '', next: '', prev: '', total_count: 0 },
  }),
  'GET /tos': () => ({
    body: { count: 0, results: [], limit: null, offset: 0, order: 'asc', orderby: 'id', curr: '', next: '', prev: '', total_count: 0 },
  }),
  'POST /tos': () => ({
    body: {
      id: 1,
      url: 'u',
      user: { id: 3, url: 'u' },
      agreement_date: TOS_VERSION_DATE,
      tos_version_date: TOS_VERSION_DATE,
      allowed_privileges: [],
    },
  }),
};

describe('TosDialog', () => {
  it('requires the agreement checkbox, then records the current version', async () => {
    const { services, user, server } = await renderWithApp(<TosDialog />, { handlers: answers });
    services.session.send({ type: 'LOGIN', email: 'ada@example.org', password: 'right password' });
    await waitFor(() => expect(services.session.getSnapshot().value).toBe('awaitingTos'));
    await user.click(await screen.findByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('You need to agree to the terms of service to continue')).toBeTruthy();
    expect(services.session.getSnapshot().value).toBe('awaitingTos');
    await user.click(screen.getByLabelText('I have read and agree to the terms of service'));
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(services.session.getSnapshot().value).toBe('loggedIn'));
    const post = server.requests.find((r) => r.method === 'POST' && r.path === '/tos');
    expect(post?.body).toEqual({ tos_version_date: TOS_VERSION_DATE });
    expect(post?.headers.Authorization).toBe('Bearer fresh');
  });

  it('declining leaves the visitor logged out', async () => {
    const { services, user } = await renderWithApp(<TosDialog />, { handlers: answers });
    services.session.send({ type: 'LOGIN', email: 'ada@example.org', password: 'right password' });
    await user.click(await screen.findByRole('button', { name: 'Decline and log out' }));
    expect(services.session.getSnapshot().matches('anonymous')).toBe(true);
    expect(services.session.getSnapshot().context.session).toBeNull();
  });
});
