import type { Permission } from '@platform/shared';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../../i18n/i18n';
import { RoleForm } from './RoleForm';
import { roleNameFor, type RoleFormValues } from './role-form.schema';

const permission = (id: number, name: string): Permission => ({ id, url: '', name, description: null, allowed_privileges: [] });
const PERMISSIONS = [permission(1, 'Manage Users'), permission(2, 'Manage Posts'), permission(3, 'Manage Settings')];
const empty: RoleFormValues = { display_name: '', description: '', permissions: [] };

function setup(props: Partial<Parameters<typeof RoleForm>[0]> = {}) {
  const onSubmit = vi.fn(async (_values: unknown, _setError: unknown) => undefined);
  render(<RoleForm permissions={PERMISSIONS} defaults={empty} isAdminRole={false} onSubmit={onSubmit} onCancel={vi.fn()} {...props} />);
  return { onSubmit, user: userEvent.setup() };
}

describe('RoleForm (spec 3 section 5, role)', () => {
  beforeAll(() => initI18n());

  it('requires a display name of 3 to 150 characters', async () => {
    const { onSubmit, user } = setup();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Display name is required')).toBeTruthy();
    const name = screen.getByLabelText(/Display name/);
    await user.type(name, 'ab');
    expect(await screen.findByText('Display name must be at least 3 characters long')).toBeTruthy();
    await user.type(name, 'c');
    await waitFor(() => expect(screen.queryByText(/Display name must be/)).toBeNull());
    await user.type(name, 'x'.repeat(148));
    expect(await screen.findByText('Display name is too long')).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('limits the description to 150 characters', async () => {
    const { user } = setup();
    await user.type(screen.getByLabelText('Description'), 'd'.repeat(151));
    expect(await screen.findByText('Description is too long')).toBeTruthy();
  });

  it('submits the chosen permissions', async () => {
    const { onSubmit, user } = setup({ defaults: { display_name: 'Editors', description: '', permissions: ['Manage Posts'] } });
    expect((screen.getByLabelText('Manage Posts') as HTMLInputElement).checked).toBe(true);
    await user.click(screen.getByLabelText('Manage Users'));
    await user.click(screen.getByLabelText('Manage Posts'));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]?.[0]).toEqual({ display_name: 'Editors', description: '', permissions: ['Manage Users'] });
  });

  it('shows every permission of the admin role checked and locked', () => {
    setup({ isAdminRole: true, defaults: { display_name: 'Admin', description: '', permissions: [] } });
    for (const p of PERMISSIONS) {
      const box = screen.getByLabelText(p.name) as HTMLInputElement;
      expect(box.checked).toBe(true);
      expect(box.disabled).toBe(true);
    }
    expect(screen.getByText('The admin role always has every permission.')).toBeTruthy();
  });

  it('makes a comma-free role name from the display name', () => {
    expect(roleNameFor('  Field Editors, North ')).toBe('field-editors-north');
    expect(roleNameFor('محررو الميدان')).toBe('محررو-الميدان');
  });
});
