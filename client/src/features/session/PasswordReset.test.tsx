import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithApp } from '../../test/harness';
import ForgotPasswordDialog from './ForgotPasswordDialog';
import ResetConfirmDialog from './ResetConfirmDialog';

describe('password reset', () => {
  it('requests a link for a valid address', async () => {
    const { user, server } = await renderWithApp(<ForgotPasswordDialog />, {
      handlers: { 'POST /passwordreset': () => ({ status: 204 }) },
    });
    await user.click(await screen.findByRole('button', { name: 'Send the reset link' }));
    expect(await screen.findByText('Email address is required')).toBeTruthy();
    await user.type(screen.getByLabelText(/Email address/), 'ada@example.org');
    await user.click(screen.getByRole('button', { name: 'Send the reset link' }));
    expect(await screen.findByText(/If ada@example.org belongs to an account/)).toBeTruthy();
    expect(server.requests.at(-1)?.body).toEqual({ email: 'ada@example.org' });
  });

  it('asks for the code only when the link did not bring one, and the password rules', async () => {
    const { user } = await renderWithApp(<ResetConfirmDialog />);
    await user.click(await screen.findByRole('button', { name: 'Reset password' }));
    expect(await screen.findByText('The reset code is required')).toBeTruthy();
    expect(screen.getByText('Password is required')).toBeTruthy();
    await user.type(screen.getByLabelText(/New password/), 'short');
    expect(await screen.findByText('This password is too short')).toBeTruthy();
  });

  it('resets with the token from the link, then opens the login dialog', async () => {
    const { user, server, services } = await renderWithApp(<ResetConfirmDialog token="abc123" />, {
      handlers: { 'POST /passwordreset/confirm': () => ({ status: 204 }) },
    });
    expect(screen.queryByLabelText(/Reset code/)).toBeNull();
    await user.type(await screen.findByLabelText(/New password/), 'a new password');
    await user.click(screen.getByRole('button', { name: 'Reset password' }));
    await waitFor(() => expect(services.notices.getSnapshot().map((n) => n.message)).toEqual(['Your password has been reset']));
    expect(server.requests.at(-1)?.body).toEqual({ token: 'abc123', password: 'a new password' });
    expect(services.session.getSnapshot().matches({ anonymous: { prompt: 'open' } })).toBe(true);
  });

  it('says the reset failed and why', async () => {
    const { user, services } = await renderWithApp(<ResetConfirmDialog token="stale" />, {
      handlers: {
        'POST /passwordreset/confirm': () => ({
          status: 422,
          body: {
            errors: [
              { status: 422, message: 'Failed to validate user entity' },
              {
                status: 422,
                title: 'Invalid or expired reset token',
                message: 'Invalid or expired reset token',
                source: { pointer: '/token' },
              },
            ],
          },
        }),
      },
    });
    await user.type(await screen.findByLabelText(/New password/), 'a new password');
    await user.click(screen.getByRole('button', { name: 'Reset password' }));
    await waitFor(() =>
      expect(services.notices.getSnapshot()[0]).toMatchObject({
        message: 'Password reset failed',
        details: ['Invalid or expired reset token'],
      }),
    );
    expect(services.session.getSnapshot().matches({ anonymous: { prompt: 'closed' } })).toBe(true);
  });
});
