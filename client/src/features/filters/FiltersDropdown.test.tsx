import type { Form } from '@platform/shared';
import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { memberSession, renderWithApp, type Handler } from '../../test/harness';
import { DEFAULT_FILTERS, type PostFilters } from '../common/filter-state';
import { FiltersDropdown } from './FiltersDropdown';

const survey = { id: 1, name: 'Flood reports', color: '#e53e3e' } as Form;

async function openDropdown(role: string, filters: PostFilters = DEFAULT_FILTERS, handlers: Record<string, Handler> = {}) {
  const apply = vi.fn();
  const { user } = await renderWithApp(<FiltersDropdown filters={filters} apply={apply} surveys={[survey]} tags={[]} />, {
    route: '/views/data',
    session: memberSession({ role }),
    handlers,
  });
  await user.click(await screen.findByRole('button', { name: /^Filters/ }));
  return { apply, user, panel: screen.getByRole('dialog', { name: 'Filters' }) };
}

describe('filters dropdown', () => {
  it('offers the sources to administrators only (spec 2 screen 14)', async () => {
    const { panel } = await openDropdown('admin');
    expect(within(panel).getByRole('group', { name: 'Sources' })).toBeTruthy();
    expect(within(panel).getByRole('checkbox', { name: 'SMS' })).toBeTruthy();
  });

  it('hides the sources from other users', async () => {
    const { panel } = await openDropdown('user');
    expect(within(panel).queryByRole('group', { name: 'Sources' })).toBeNull();
    expect(within(panel).queryByRole('checkbox', { name: 'SMS' })).toBeNull();
    // The rest of the dropdown is there.
    expect(within(panel).getByRole('checkbox', { name: 'Flood reports' })).toBeTruthy();
  });

  it('restores every default, the search too', async () => {
    const { apply, user, panel } = await openDropdown('admin', { ...DEFAULT_FILTERS, q: 'flood', source: ['sms'], hasLocation: 'mapped' });
    await user.click(within(panel).getByRole('button', { name: 'Restore defaults' }));
    await user.click(within(panel).getByRole('button', { name: 'Apply' }));
    expect(apply).toHaveBeenCalledOnce();
    const applied = apply.mock.calls[0]![0] as PostFilters;
    expect(applied.q).toBe('');
    expect(applied.source).toEqual([]);
    expect(applied.hasLocation).toBe('all');
  });

  it('will not apply an end date before the start date, and says why', async () => {
    const { apply, user, panel } = await openDropdown('user');
    await user.type(within(panel).getByLabelText('From'), '2026-03-10');
    await user.type(within(panel).getByLabelText('To'), '2026-03-01');
    expect(within(panel).getByRole('alert').textContent).toBe('The end date is before the start date.');
    expect(within(panel).getByLabelText('To').getAttribute('aria-invalid')).toBe('true');
    expect(within(panel).getByRole('button', { name: 'Apply' })).toHaveProperty('disabled', true);
    await user.clear(within(panel).getByLabelText('To'));
    await user.type(within(panel).getByLabelText('To'), '2026-03-10');
    expect(within(panel).queryByRole('alert')).toBeNull();
    await user.click(within(panel).getByRole('button', { name: 'Apply' }));
    expect(apply.mock.calls[0]![0]).toMatchObject({ dateAfter: '2026-03-10', dateBefore: '2026-03-10' });
  });

  describe('a typed place name', () => {
    const geocode = (names: string[]): Record<string, Handler> => ({
      'GET /geocode': (request) => ({
        body: names
          .filter((name) => name.startsWith(request.query.get('q') ?? '?'))
          .map((name, i) => ({ display_name: name, lat: String(-1.28 - i), lon: String(36.82 + i) })),
      }),
    });

    it('is looked up on applying, and the first place found is used', async () => {
      const { apply, user, panel } = await openDropdown('user', DEFAULT_FILTERS, geocode(['Nairobi, Kenya', 'Nairobi West, Kenya']));
      await user.type(within(panel).getByLabelText('Near a place or lat,lon'), 'Nairobi');
      await user.click(within(panel).getByRole('button', { name: 'Apply' }));
      await vi.waitFor(() => expect(apply).toHaveBeenCalledOnce());
      expect(apply.mock.calls[0]![0]).toMatchObject({ center: '-1.28,36.82', place: 'Nairobi, Kenya', radius: 1 });
    });

    it('is applied with Enter in the box', async () => {
      const { apply, user, panel } = await openDropdown('user', DEFAULT_FILTERS, geocode(['Mombasa, Kenya']));
      await user.type(within(panel).getByLabelText('Near a place or lat,lon'), 'Mombasa{Enter}');
      await vi.waitFor(() => expect(apply).toHaveBeenCalledOnce());
      expect(apply.mock.calls[0]![0]).toMatchObject({ place: 'Mombasa, Kenya' });
    });

    it('replaces the place chosen before, and says so when nothing matches', async () => {
      const chosen = { ...DEFAULT_FILTERS, center: '-1.28,36.82', place: 'Nairobi, Kenya', radius: 10 };
      const { apply, user, panel } = await openDropdown('user', chosen, geocode(['Nairobi, Kenya']));
      const box = within(panel).getByLabelText('Near a place or lat,lon');
      await user.clear(box);
      await user.type(box, 'Atlantis');
      await user.click(within(panel).getByRole('button', { name: 'Apply' }));
      expect((await within(panel).findByRole('alert')).textContent).toBe('Sorry we could not find a location matching your search');
      // Said once, where the place was typed, and the box has the focus (so it is in view).
      expect(within(panel).getAllByText('Sorry we could not find a location matching your search')).toHaveLength(1);
      expect(document.activeElement).toBe(box);
      expect(apply).not.toHaveBeenCalled();
    });
  });
});
