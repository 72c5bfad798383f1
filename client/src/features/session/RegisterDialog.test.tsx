import { screen, waitFor } from '@testing-library/react';
import { UserMessages } from '@platform/shared';
import { describe, expect, it } from 'vitest';
import { renderWithApp } from '../../test/harness';
import RegisterDialog from './RegisterDialog';

const taken = () => ({
  status: 422,
  body: {
    errors: [
      { status: 422, message: 'Failed to validate user entity:\nemail is already in use' },
      { status: 422, title: 'email is already in use', message: 'email is already in use', source: { pointer: '/email' } },
    ],
  },
});

describe('RegisterDialog', () => {
  it('shows the spec texts for each rule', async () => {
    const { user } = await renderWithApp(<RegisterDialog />);
    const button = (await screen.findByRole('button', { name: 'Sign up' })) as HTMLButtonElement;
    expect(button.disabled).toBe(true);
    // Each field says what is wrong once it is left, under the name it carries ("Full name").
    await user.click(screen.getByLabelText(/Full name/));
    await user.tab();
    await user.tab();
    await user.tab();
    expect(await screen.findByText('Full name is required')).toBeTruthy();
    expect(screen.getByText('Email address is required')).toBeTruthy();
    expect(screen.getByText('Password is required')).toBeTruthy();

    await user.type(screen.getByLabelText(/Full name/), 'x'.repeat(151));
    await user.type(screen.getByLabelText(/Email address/), `${'a'.repeat(140)}@example.org`);
    await user.type(screen.getByLabelText(/^Password/), 'p'.repeat(73));
    expect(await screen.findByText('Full name is too long')).toBeTruthy();
    expect(screen.getByText('This email address is too long')).toBeTruthy();
    expect(screen.getByText('This password is too long')).toBeTruthy();

    await user.clear(screen.getByLabelText(/Email address/));
    await user.type(screen.getByLabelText(/Email address/), 'nobody');
    await user.clear(screen.getByLabelText(/^Password/));
    await user.type(screen.getByLabelText(/^Password/), 'abc');
    expect(await screen.findByText('This email address is invalid')).toBeTruthy();
    expect(screen.getByText('This password is too short')).toBeTruthy();
    expect(screen.getByLabelText(/Email address/).getAttribute('aria-invalid')).toBe('true');
  });

  it('registers, says so, and opens the login dialog', async () => {
    const { user, server, services } = await renderWithApp(<RegisterDialog />, {
      handlers: { 'POST /register': () => ({ body: { id: 9 } }) },
    });
    await user.type(await screen.findByLabelText(/Full name/), 'Grace Hopper');
    await user.type(screen.getByLabelText(/Email address/), 'grace@example.org');
    await user.type(screen.getByLabelText(/^Password/), 'a long password');
    await user.click(screen.getByRole('button', { name: 'Sign up' }));
    await waitFor(() =>
      expect(services.notices.getSnapshot().map((n) => n.message)).toContain('Registration complete! You can now log in..'),
    );
    expect(server.requests.find((r) => r.path === '/register')?.body).toEqual({
      realname: 'Grace Hopper',
      email: 'grace@example.org',
      password: 'a long password',
    });
    expect(services.session.getSnapshot().matches({ anonymous: { prompt: 'open' } })).toBe(true);
    expect(services.dialogs.getSnapshot().current).toBeNull();
  });

  it('marks the fields named by the error pointers and says registration failed', async () => {
    const { user, services } = await renderWithApp(<RegisterDialog />, { handlers: { 'POST /register': taken } });
    await user.type(await screen.findByLabelText(/Full name/), 'Grace Hopper');
    await user.type(screen.getByLabelText(/Email address/), 'grace@example.org');
    await user.type(screen.getByLabelText(/^Password/), 'a long password');
    await user.click(screen.getByRole('button', { name: 'Sign up' }));
    expect(await screen.findByText('This email address is already in use')).toBeTruthy();
    expect(screen.getByLabelText(/Email address/).getAttribute('aria-invalid')).toBe('true');
    expect(services.notices.getSnapshot()[0]).toMatchObject({
      kind: 'warning',
      message: 'There were errors during registration. Check your input and try again.',
      details: [],
    });
  });

  it.each([
    [UserMessages.passwordTooCommon, 'This password is too common or too easy to guess'],
    [UserMessages.passwordPersonal, 'This password is too close to your email address, your name or the name of this site'],
  ])("words the server's refusal %s in the interface language", async (message, shown) => {
    const refusal = () => ({
      status: 422,
      body: {
        errors: [
          { status: 422, message: `Failed to validate user entity:\n${message}` },
          { status: 422, title: message, message, source: { pointer: '/password' } },
        ],
      },
    });
    const { user } = await renderWithApp(<RegisterDialog />, { handlers: { 'POST /register': refusal } });
    await user.type(await screen.findByLabelText(/Full name/), 'Grace Hopper');
    await user.type(screen.getByLabelText(/Email address/), 'grace@example.org');
    await user.type(screen.getByLabelText(/^Password/), 'gracehopper');
    await user.click(screen.getByRole('button', { name: 'Sign up' }));
    expect(await screen.findByText(shown)).toBeTruthy();
    expect(screen.getByLabelText(/^Password/).getAttribute('aria-invalid')).toBe('true');
  });

  it('lists the messages of an error without pointers', async () => {
    const { user, services } = await renderWithApp(<RegisterDialog />, {
      handlers: {
        'POST /register': () => ({
          status: 429,
          body: { errors: [{ status: 429, title: 'Too Many Requests', message: 'Too Many Requests' }] },
        }),
      },
    });
    await user.type(await screen.findByLabelText(/Full name/), 'Grace Hopper');
    await user.type(screen.getByLabelText(/Email address/), 'grace@example.org');
    await user.type(screen.getByLabelText(/^Password/), 'a long password');
    await user.click(screen.getByRole('button', { name: 'Sign up' }));
    await waitFor(() => expect(services.notices.getSnapshot()[0]?.details).toEqual(['Too Many Requests']));
  });
});
