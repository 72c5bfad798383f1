import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithApp } from '../../test/harness';
import { BaseMap } from './BaseMap';

describe('BaseMap', () => {
  it('says why there is no map where the browser has no WebGL 2 (jsdom has none), instead of failing the page', async () => {
    await renderWithApp(<BaseMap center={[0, 0]} zoom={2} label="Map of posts" />);
    const region = await screen.findByRole('region', { name: 'Map of posts' });
    expect(region.getAttribute('data-basemap')).toBe('none');
    expect(region.textContent).toMatch(/needs WebGL 2/);
  });
});
