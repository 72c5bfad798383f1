import { describe, expect, it } from 'vitest';
import { baseStyle, graticule, mapColors } from './map-style';

describe('the base map without tiles', () => {
  it('draws meridians and parallels every 15 degrees under the land', () => {
    const lines = graticule().features.map((f) => f.geometry.coordinates);
    expect(lines).toContainEqual([
      [0, -85],
      [0, 85],
    ]);
    expect(lines).toContainEqual([
      [-180, 45],
      [180, 45],
    ]);
    expect(lines).toHaveLength(25 + 11);
    const ids = baseStyle('offline').layers.map((l) => l.id);
    expect(ids.indexOf('graticule')).toBeLessThan(ids.indexOf('world-land'));
  });

  it("takes its colours from the page's design tokens", () => {
    const root = document.createElement('div');
    root.style.setProperty('--color-map-bg', '#123456');
    document.body.append(root);
    expect(mapColors(root).sea).toBe('#123456');
    const sea = baseStyle('offline', mapColors(root)).layers.find((l) => l.id === 'sea');
    expect(sea).toMatchObject({ paint: { 'background-color': '#123456' } });
    root.remove();
  });
});
