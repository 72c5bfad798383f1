import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Role, Tag } from '@platform/shared';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../../i18n/i18n';
import { CategoryForm } from './CategoryForm';

beforeAll(async () => {
  await initI18n();
});

const role = (id: number, name: string, display_name: string): Role => ({
  id,
  url: `r/${id}`,
  name,
  display_name,
  description: null,
  permissions: [],
  protected: false,
  allowed_privileges: [],
});
const ROLES = [role(1, 'admin', 'Admin'), role(2, 'user', 'Member'), role(3, 'staff', 'Staff')];
const tag = (id: number, name: string, over: Partial<Tag> = {}): Tag => ({
  id,
  url: `t/${id}`,
  parent: null,
  tag: name,
  slug: name.toLowerCase(),
  type: 'category',
  color: null,
  icon: 'tag',
  description: null,
  priority: 99,
  created: '2025-01-01T00:00:00+00:00',
  role: null,
  children: [],
  allowed_privileges: [],
  ...over,
});

function renderForm(tags: Tag[] = [], current: Tag | null = null) {
  const onSave = vi.fn(async () => undefined);
  render(<CategoryForm tag={current} tags={tags} roles={ROLES} onSave={onSave} onFailed={vi.fn()} onCancel={vi.fn()} />);
  return { onSave, user: userEvent.setup() };
}

describe('CategoryForm validation messages', () => {
  it('needs a name of 2 to 255 characters', async () => {
    const { onSave, user } = renderForm();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('A category name is needed')).toBeTruthy();
    await user.type(screen.getByLabelText(/Name/), 'W');
    expect(await screen.findByText('The name is too short (at least 2 characters)')).toBeTruthy();
    await user.type(screen.getByLabelText(/Name/), 'x'.repeat(255));
    expect(await screen.findByText('The name is too long (at most 255 characters)')).toBeTruthy();
    expect(onSave).not.toHaveBeenCalled();
  });

  it('limits the description to 150 characters', async () => {
    const { onSave, user } = renderForm();
    await user.type(screen.getByLabelText(/Name/), 'Water');
    await user.click(screen.getByLabelText('Description'));
    await user.paste('d'.repeat(151));
    expect(await screen.findByText('The description is too long (at most 150 characters)')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(onSave).not.toHaveBeenCalled();
  });

  it('a restricted category needs a role; admin-chosen roles are sent by name', async () => {
    const { onSave, user } = renderForm();
    await user.type(screen.getByLabelText(/Name/), 'Water');
    await user.click(screen.getByRole('radio', { name: 'Only people with these roles' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Choose at least one role, or let everyone see the category')).toBeTruthy();
    expect(onSave).not.toHaveBeenCalled();
    await user.click(screen.getByRole('checkbox', { name: 'Staff' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(onSave).toHaveBeenCalledWith({ tag: 'Water', description: null, color: null, parent_id: null, role: ['staff'] });
  });

  it("a child follows its parent's role, shown read only", async () => {
    const parent = tag(5, 'Aid', { role: ['staff'] });
    const { onSave, user } = renderForm([parent]);
    await user.type(screen.getByLabelText(/Name/), 'Food');
    await user.selectOptions(screen.getByLabelText('Parent category'), 'Aid');
    expect(screen.queryByRole('radio', { name: 'Everyone' })).toBeNull();
    expect(screen.getByText('Staff')).toBeTruthy();
    expect(screen.getByText(/A child category is seen by the same people as its parent, Aid/)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(onSave).toHaveBeenCalledWith({ tag: 'Food', description: null, color: null, parent_id: 5, role: ['staff'] });
  });
});
