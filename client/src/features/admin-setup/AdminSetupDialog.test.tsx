import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { memberSession, renderWithApp } from '../../test/harness';
import AdminSetupDialog from './AdminSetupDialog';

const admin = memberSession({ role: 'admin', email: 'admin@example.com', realname: 'Admin' });

describe('AdminSetupDialog', () => {
  it('needs a new address (not the default) and a valid password, then stores them', async () => {
    const { user, server, services } = await renderWithApp(<AdminSetupDialog />, {
      session: admin,
      handlers: {
        'PUT /users/me': (r) => ({ body: { id: 7, url: 'u', realname: 'Admin', allowed_privileges: [], ...(r.body as object) } }),
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Email address is required')).toBeTruthy();
    expect(screen.getByText('Password is required')).toBeTruthy();
    await user.type(screen.getByLabelText(/Your email address/), 'ADMIN@example.com');
    await user.type(screen.getByLabelText(/New password/), 'short');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Choose an address other than the default one')).toBeTruthy();
    expect(screen.getByText('This password is too short')).toBeTruthy();

    await user.clear(screen.getByLabelText(/Your email address/));
    await user.type(screen.getByLabelText(/Your email address/), 'owner@example.org');
    await user.clear(screen.getByLabelText(/New password/));
    await user.type(screen.getByLabelText(/New password/), 'a strong password');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(services.session.getSnapshot().context.session?.email).toBe('owner@example.org'));
    expect(server.requests.find((r) => r.method === 'PUT')?.body).toEqual({ email: 'owner@example.org', password: 'a strong password' });
    expect(services.dialogs.getSnapshot().dismissed).toContain('adminSetup');
  });
});
