import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { memberSession, renderWithApp } from '../../test/harness';
import { ProfileForm } from './ProfileForm';

const me = { id: 7, url: 'u', email: 'ada@example.org', realname: 'Ada Lovelace', role: 'user', allowed_privileges: ['read', 'update'] };

describe('ProfileForm', () => {
  it('shows the role read-only and keeps Save off while the form is invalid', async () => {
    const { user } = await renderWithApp(<ProfileForm onCancel={vi.fn()} onSaved={vi.fn()} />, {
      session: memberSession(),
      handlers: { 'GET /users/me': () => ({ body: me }) },
    });
    const role = (await screen.findByLabelText('Role')) as HTMLInputElement;
    expect(role.value).toBe('Member');
    expect(role.readOnly).toBe(true);
    const save = screen.getByRole('button', { name: 'Save' }) as HTMLButtonElement;
    await waitFor(() => expect(save.disabled).toBe(false));

    await user.clear(screen.getByLabelText(/Full name/));
    expect(await screen.findByText('Full name is required')).toBeTruthy();
    expect(save.disabled).toBe(true);
    await user.type(screen.getByLabelText(/Full name/), 'Ada');
    await user.clear(screen.getByLabelText(/Email address/));
    await user.type(screen.getByLabelText(/Email address/), 'ada@');
    expect(await screen.findByText('This email address is invalid')).toBeTruthy();
    expect(save.disabled).toBe(true);
  });

  it('keeps what was said about a field typed in before the server answered', async () => {
    let answer!: () => void;
    const { user } = await renderWithApp(<ProfileForm onCancel={vi.fn()} onSaved={vi.fn()} />, {
      session: memberSession(),
      handlers: {
        'GET /users/me': async () => {
          await new Promise<void>((resolve) => (answer = resolve));
          return { body: me };
        },
      },
    });
    await user.clear(await screen.findByLabelText(/Email address/));
    expect(await screen.findByText('Email address is required')).toBeTruthy();
    answer();
    await waitFor(() => expect((screen.getByLabelText(/Full name/) as HTMLInputElement).value).toBe('Ada Lovelace'));
    expect((screen.getByLabelText(/Email address/) as HTMLInputElement).value).toBe('');
    expect(screen.getByText('Email address is required')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Save' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('reveals the password only on request, and then requires 7 to 72 characters', async () => {
    const { user } = await renderWithApp(<ProfileForm onCancel={vi.fn()} onSaved={vi.fn()} />, {
      session: memberSession(),
      handlers: { 'GET /users/me': () => ({ body: me }) },
    });
    expect(screen.queryByLabelText(/New password/)).toBeNull();
    await user.click(await screen.findByRole('button', { name: 'Change password' }));
    const save = screen.getByRole('button', { name: 'Save' }) as HTMLButtonElement;
    await waitFor(() => expect(save.disabled).toBe(true));
    await user.type(screen.getByLabelText(/New password/), 'short');
    expect(await screen.findByText('This password is too short')).toBeTruthy();
    await user.type(screen.getByLabelText(/New password/), ' but long now');
    await waitFor(() => expect(save.disabled).toBe(false));
  });

  it('saves name and e-mail (no password unless changed), keeps them in the session and says so', async () => {
    const onSaved = vi.fn();
    let release!: () => void;
    const { user, server, services } = await renderWithApp(<ProfileForm onCancel={vi.fn()} onSaved={onSaved} />, {
      session: memberSession(),
      handlers: {
        'GET /users/me': () => ({ body: me }),
        'PUT /users/me': async (request) => {
          await new Promise<void>((resolve) => (release = resolve));
          return { body: { ...me, ...(request.body as object) } };
        },
      },
    });
    const name = await screen.findByLabelText(/Full name/);
    await user.clear(name);
    await user.type(name, 'Ada King');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    // Processing: Save is off until the server answers.
    expect(((await screen.findByRole('button', { name: 'Saving…' })) as HTMLButtonElement).disabled).toBe(true);
    release();
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(server.requests.find((r) => r.method === 'PUT')?.body).toEqual({ realname: 'Ada King', email: 'ada@example.org' });
    expect(services.session.getSnapshot().context.session).toMatchObject({ realname: 'Ada King', email: 'ada@example.org' });
    expect(services.notices.getSnapshot()[0]?.message).toBe('Your profile has been updated');
  });
});
