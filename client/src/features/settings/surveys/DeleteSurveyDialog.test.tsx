import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../../i18n/i18n';
import { DeleteSurveyDialog } from './DeleteSurveyDialog';

beforeAll(async () => {
  await initI18n();
});

const MISMATCH = 'The text you entered does not match the survey-name, please try again';

describe('DeleteSurveyDialog', () => {
  it('refuses a name that does not match and deletes once it does', async () => {
    const onConfirm = vi.fn(async () => undefined);
    render(<DeleteSurveyDialog name="Flood reports" onCancel={vi.fn()} onConfirm={onConfirm} />);
    const user = userEvent.setup();
    const input = screen.getByLabelText('Type the survey name (Flood reports) to confirm');
    const button = screen.getByRole('button', { name: 'Delete survey' }) as HTMLButtonElement;
    expect(button.disabled).toBe(true);

    await user.type(input, 'flood reports{Enter}');
    expect(await screen.findByText(MISMATCH)).toBeTruthy();
    expect(button.disabled).toBe(true);
    expect(onConfirm).not.toHaveBeenCalled();

    await user.clear(input);
    await user.type(input, 'Flood reports');
    expect(screen.queryByText(MISMATCH)).toBeNull();
    expect(button.disabled).toBe(false);
    await user.click(button);
    expect(onConfirm).toHaveBeenCalledTimes(1);
  });
});
