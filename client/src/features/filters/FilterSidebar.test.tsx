import type { Form } from '@platform/shared';
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { memberSession, renderWithApp } from '../../test/harness';
import { changeLanguage } from '../../i18n/i18n';
import { DEFAULT_FILTERS } from './filter-state';
import { FilterSidebar } from './FilterSidebar';

const survey = { id: 1, name: 'Flood reports', color: '#e53e3e' } as Form;
const counts = { bySurvey: new Map<number | 'none', number>([[1, 140_087]]), bySource: new Map([['sms', 629_756]]) };

async function sidebar() {
  await renderWithApp(<FilterSidebar filters={DEFAULT_FILTERS} update={vi.fn()} surveys={[survey]} counts={counts} />, {
    route: '/views/map',
    session: memberSession({ role: 'admin' }),
  });
  return { survey: await screen.findByTestId('survey-count-1'), sms: screen.getByRole('checkbox', { name: /^SMS/ }).closest('label') };
}

describe('sidebar counts at a million posts', () => {
  afterEach(() => changeLanguage('en'));

  it('groups the digits of survey and source counts', async () => {
    const { survey, sms } = await sidebar();
    expect(survey.textContent).toBe('140,087');
    expect(sms?.textContent).toContain('629,756');
  });

  it('groups them as the interface language does', async () => {
    await changeLanguage('es');
    const { survey } = await sidebar();
    expect(survey.textContent).toBe('140.087');
  });
});
