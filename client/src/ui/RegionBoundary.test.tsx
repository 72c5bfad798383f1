import type { ClientErrorReport } from '@platform/shared';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { MemoryRouter } from 'react-router';
import { initI18n } from '../i18n/i18n';
import { RegionBoundary } from './RegionBoundary';

beforeAll(async () => {
  await initI18n();
});

let broken = true;
function Fragile() {
  if (broken) throw new Error("Cannot read properties of undefined (reading 'map')");
  return <p>The post, shown</p>;
}

describe('a region of a screen that fails', () => {
  it('shows its own notice with a retry, leaves the other regions, and reports the route to the server', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const reports: ClientErrorReport[] = [];
    render(
      <MemoryRouter initialEntries={['/posts/5?form=2']}>
        <RegionBoundary region="list" report={(r) => reports.push(r)}>
          <p>The list, still here</p>
        </RegionBoundary>
        <RegionBoundary region="post" report={(r) => reports.push(r)}>
          <Fragile />
        </RegionBoundary>
      </MemoryRouter>,
    );
    expect(screen.getByText('The list, still here')).toBeTruthy();
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toContain('This post could not be shown');
    expect(alert.textContent).toContain("reading 'map'");
    expect(reports).toHaveLength(1);
    expect(reports[0]).toMatchObject({
      region: 'post',
      route: '/posts/5?form=2',
      message: "Cannot read properties of undefined (reading 'map')",
    });

    broken = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(screen.getByText('The post, shown')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
