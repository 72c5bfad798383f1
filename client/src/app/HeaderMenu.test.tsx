import { screen } from '@testing-library/react';
import { Link } from 'react-router';
import { describe, expect, it } from 'vitest';
import { renderWithApp } from '../test/harness';
import { HeaderMenu } from './HeaderMenu';

async function renderMenu() {
  return renderWithApp(
    <HeaderMenu>
      <Link to="/views/data">Data</Link>
      <button type="button" aria-expanded="false">
        Help
      </button>
    </HeaderMenu>,
    { route: '/views/map' },
  );
}

describe('the phone header menu', () => {
  it('opens with focus on its first item, and Escape closes it and gives focus back to its button', async () => {
    const { user } = await renderMenu();
    const button = await screen.findByRole('button', { name: 'Menu' });
    expect(button.getAttribute('aria-expanded')).toBe('false');
    await user.click(button);
    expect(button.getAttribute('aria-expanded')).toBe('true');
    expect(document.getElementById('app-header-menu')?.className).toContain('is-open');
    expect(document.activeElement).toBe(screen.getByRole('link', { name: 'Data' }));
    await user.keyboard('{Escape}');
    expect(button.getAttribute('aria-expanded')).toBe('false');
    expect(document.activeElement).toBe(button);
  });

  it('closes once one of its links is chosen, but not when a list inside it opens', async () => {
    const { user } = await renderMenu();
    const button = await screen.findByRole('button', { name: 'Menu' });
    await user.click(button);
    await user.click(screen.getByRole('button', { name: 'Help' }));
    expect(button.getAttribute('aria-expanded')).toBe('true');
    await user.click(screen.getByRole('link', { name: 'Data' }));
    expect(button.getAttribute('aria-expanded')).toBe('false');
  });
});
