import type { Role } from '@platform/shared';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../../i18n/i18n';
import { UserForm } from './UserForm';
import type { UserFormValues } from './user-form.schema';

const role = (name: string, display_name: string): Role => ({
  id: name.length,
  url: '',
  name,
  display_name,
  description: null,
  permissions: [],
  protected: false,
  allowed_privileges: [],
});
const ROLES = [role('admin', 'Admin'), role('user', 'Member')];
const empty: UserFormValues = { realname: '', email: '', password: '', role: '' };

function setup(props: Partial<Parameters<typeof UserForm>[0]> = {}) {
  const onSubmit = vi.fn(async (_values: unknown, _setError: unknown) => undefined);
  render(<UserForm mode="create" roles={ROLES} defaults={empty} onSubmit={onSubmit} onCancel={vi.fn()} {...props} />);
  return { onSubmit, user: userEvent.setup() };
}

describe('UserForm (spec 3 section 5, user)', () => {
  beforeAll(() => initI18n());

  it('on create requires full name, e-mail, password and role, with the spec texts', async () => {
    const { onSubmit, user } = setup();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Full name is required')).toBeTruthy();
    expect(screen.getByText('Email address is required')).toBeTruthy();
    expect(screen.getByText('Password is required')).toBeTruthy();
    expect(screen.getByText('Role is required')).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('limits the full name and e-mail to 150 characters and checks the e-mail', async () => {
    const { user } = setup();
    await user.type(screen.getByLabelText(/Full name/), 'n'.repeat(151));
    expect(await screen.findByText('Full name is too long')).toBeTruthy();
    await user.type(screen.getByLabelText(/Email address/), 'not-an-address');
    expect(await screen.findByText('This email address is invalid')).toBeTruthy();
    await user.clear(screen.getByLabelText(/Email address/));
    await user.type(screen.getByLabelText(/Email address/), `${'a'.repeat(140)}@example.org`);
    expect(await screen.findByText('This email address is too long')).toBeTruthy();
  });

  it('takes passwords of 7 to 72 characters', async () => {
    const { user } = setup();
    const password = screen.getByLabelText(/^Password/);
    await user.type(password, 'sixsix');
    expect(await screen.findByText('This password is too short')).toBeTruthy();
    await user.type(password, '7');
    await waitFor(() => expect(screen.queryByText('This password is too short')).toBeNull());
    await user.clear(password);
    await user.type(password, 'p'.repeat(73));
    expect(await screen.findByText('This password is too long')).toBeTruthy();
  });

  it('submits a valid new user', async () => {
    const { onSubmit, user } = setup();
    await user.type(screen.getByLabelText(/Full name/), 'Grace Hopper');
    await user.type(screen.getByLabelText(/Email address/), 'grace@example.org');
    await user.type(screen.getByLabelText(/^Password/), 'cobol-1959');
    await user.selectOptions(screen.getByLabelText(/Role/), 'admin');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]?.[0]).toEqual({
      realname: 'Grace Hopper',
      email: 'grace@example.org',
      password: 'cobol-1959',
      role: 'admin',
    });
  });

  it('on edit an empty password keeps the current one, but a short one is refused', async () => {
    const { onSubmit, user } = setup({ mode: 'edit', defaults: { realname: 'Ada', email: 'ada@example.org', password: '', role: 'user' } });
    expect(screen.getByLabelText(/New password/)).toBeTruthy();
    await user.type(screen.getByLabelText(/New password/), 'abc');
    expect(await screen.findByText('This password is too short')).toBeTruthy();
    await user.clear(screen.getByLabelText(/New password/));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]?.[0]).toMatchObject({ password: '', role: 'user' });
  });

  it('editing yourself shows the role locked, with the spec message', () => {
    setup({ mode: 'edit', isSelf: true, defaults: { realname: 'Me', email: 'me@example.org', password: '', role: 'admin' } });
    const roleField = screen.getByLabelText(/Role/) as HTMLInputElement;
    expect(roleField.readOnly).toBe(true);
    expect(roleField.value).toBe('Admin');
    expect(screen.getByText('You cannot change your own role')).toBeTruthy();
  });
});
