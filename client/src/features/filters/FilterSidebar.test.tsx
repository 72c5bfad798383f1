import type { Form } from '@platform/shared';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { memberSession, renderWithApp } from '../../test/harness';
import { changeLanguage } from '../../i18n/i18n';
import { DEFAULT_FILTERS } from '../common/filter-state';
import { FilterSidebar } from './FilterSidebar';

const survey = { id: 1, name: 'Flood reports', color: '#e53e3e' } as Form;
const counts = { bySurvey: new Map<number | 'none', number>([[1, 140_087]]), bySource: new Map([['sms', 629_756]]) };

async function sidebar(showInList = vi.fn()) {
  await renderWithApp(
    <FilterSidebar filtering={{ filters: DEFAULT_FILTERS, update: vi.fn(), showInList }} surveys={[survey]} counts={counts} />,
    {
      route: '/views/map',
      session: memberSession({ role: 'admin' }),
    },
  );
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

describe('source menus', () => {
  it("lists a message source's incoming messages not yet in a survey", async () => {
    const showInList = vi.fn();
    await sidebar(showInList);
    await userEvent.click(screen.getByLabelText('Options for SMS'));
    await userEvent.click(screen.getByRole('button', { name: 'Show only incoming SMS' }));
    expect(showInList).toHaveBeenCalledWith({ form: ['none'], source: ['sms'] });
  });

  it('offers no incoming messages for posts made on the web', async () => {
    await sidebar();
    const menu = screen.getByLabelText('Options for Web');
    await userEvent.click(menu);
    const row = within(menu.closest('li')!);
    expect(row.getByRole('button', { name: 'Show only this' })).toBeTruthy();
    expect(row.queryByRole('button', { name: /incoming/ })).toBeNull();
  });
});

describe('survey menus', () => {
  it("opens the survey's editor from its settings link", async () => {
    await sidebar();
    await userEvent.click(screen.getByLabelText('Options for Flood reports'));
    expect(screen.getByRole('link', { name: 'Survey settings' }).getAttribute('href')).toBe('/settings/surveys/edit/1');
  });

  it('links no source to settings that are not built', async () => {
    await sidebar();
    await userEvent.click(screen.getByLabelText('Options for SMS'));
    expect(within(screen.getByLabelText('Options for SMS').closest('li')!).queryByRole('link')).toBeNull();
  });

  it('closes a menu at a press outside it, so it never covers the rows below', async () => {
    await sidebar();
    await userEvent.click(screen.getByLabelText('Options for Flood reports'));
    expect(screen.getByRole('button', { name: 'Show only this' })).toBeTruthy();
    await userEvent.click(document.body);
    expect(screen.queryByRole('button', { name: 'Show only this' })).toBeNull();
  });
});
