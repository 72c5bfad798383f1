import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { FormMessages } from '@platform/shared';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { i18n, initI18n } from '../../../i18n/i18n';
import { fieldMessage } from '../../../ui/form-messages';
import { FieldEditor } from './FieldEditor';
import { blankField } from './survey-draft';
import { surveyMessageKey } from './survey-messages';

beforeAll(async () => {
  await initI18n();
});

const open = (field = blankField('new', 'varchar', 'radio')) => {
  const onSubmit = vi.fn();
  render(<FieldEditor field={field} isNew surveys={[]} tags={[]} onCancel={vi.fn()} onSubmit={onSubmit} />);
  return { onSubmit, user: userEvent.setup() };
};

describe('FieldEditor validation messages', () => {
  it('needs a field name (post.valid.label.required)', async () => {
    const { onSubmit, user } = open();
    await user.click(screen.getByRole('button', { name: 'Add field' }));
    expect(await screen.findByText('Field name is required')).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('warns about a repeated option and blocks saving until it is gone (survey.duplicate_option)', async () => {
    const { onSubmit, user } = open();
    expect(screen.getByRole('dialog', { name: 'New field: Radio buttons' })).toBeTruthy();
    await user.type(screen.getByLabelText(/Field name/), 'Severity');
    await user.click(screen.getByRole('button', { name: 'Add option' }));
    await user.type(screen.getByLabelText('Option 1'), 'High');
    await user.click(screen.getByRole('button', { name: 'Add option' }));
    await user.type(screen.getByLabelText('Option 2'), 'High ');
    const warning = 'Options must be unique. Remove or rename the repeated option before saving.';
    expect((await screen.findAllByText(warning)).length).toBeGreaterThan(0);
    await user.click(screen.getByRole('button', { name: 'Add field' }));
    expect(onSubmit).not.toHaveBeenCalled();

    await user.clear(screen.getByLabelText('Option 2'));
    await user.type(screen.getByLabelText('Option 2'), 'Low');
    expect(screen.queryAllByText(warning)).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Add field' }));
    expect(onSubmit).toHaveBeenCalledWith(expect.objectContaining({ label: 'Severity', options: ['High', 'Low'] }));
  });

  it('refuses a negative number of values', async () => {
    const { onSubmit, user } = open(blankField('new', 'varchar', 'text'));
    await user.type(screen.getByLabelText(/Field name/), 'Notes');
    const cardinality = screen.getByLabelText('How many values can be entered');
    await user.clear(cardinality);
    await user.type(cardinality, '-1');
    await user.click(screen.getByRole('button', { name: 'Add field' }));
    expect(await screen.findByText('Enter a whole number, 0 or more')).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('keeps Title required and public: the switch is locked and there is no private option', () => {
    render(
      <FieldEditor
        field={blankField(3, 'title', 'text', 'Title')}
        isNew={false}
        surveys={[]}
        tags={[]}
        onCancel={vi.fn()}
        onSubmit={vi.fn()}
      />,
    );
    const dialog = screen.getByRole('dialog', { name: 'Edit field: Title' });
    const required = within(dialog).getByRole('switch', { name: 'Required' }) as HTMLInputElement;
    expect(required.checked).toBe(true);
    expect(required.disabled).toBe(true);
    expect(within(dialog).queryByRole('switch', { name: 'Private responses' })).toBeNull();
  });

  it('offers no default value for uploads and categories, and no private responses for categories', () => {
    const { unmount } = render(
      <FieldEditor field={blankField('new', 'media', 'upload')} isNew surveys={[]} tags={[]} onCancel={vi.fn()} onSubmit={vi.fn()} />,
    );
    expect(screen.queryByLabelText('Default value')).toBeNull();
    expect(screen.getByRole('switch', { name: 'Ask for a caption with each photo' })).toBeTruthy();
    unmount();
    render(<FieldEditor field={blankField('new', 'tags', 'tags')} isNew surveys={[]} tags={[]} onCancel={vi.fn()} onSubmit={vi.fn()} />);
    expect(screen.queryByLabelText('Default value')).toBeNull();
    expect(screen.queryByRole('switch', { name: 'Private responses' })).toBeNull();
  });
});

describe('survey name messages', () => {
  it('shows the spec texts for the shared rules', () => {
    const t = i18n.t.bind(i18n);
    expect(fieldMessage(t, surveyMessageKey(FormMessages.nameRequired))).toBe('A survey-name is needed');
    expect(fieldMessage(t, surveyMessageKey(FormMessages.nameTooShort))).toBe('Name is too short');
    expect(fieldMessage(t, surveyMessageKey(FormMessages.nameTooLong))).toBe('Name is too long');
  });
});
