import { describe, expect, it } from 'vitest';
import { mapDefaults } from './map-defaults';

describe('mapDefaults', () => {
  it('reads the stored default view, MapQuest names included', () => {
    const view = mapDefaults({
      id: 'map',
      allowed_privileges: [],
      default_view: { lat: 10, lon: 20, zoom: 5, baselayer: 'MapQuestAerial' },
    });
    expect(view).toEqual({ center: [20, 10], zoom: 5, baselayer: 'satellite', fitBounds: true });
  });

  it('replaces missing or out-of-range parts with the contract defaults', () => {
    const view = mapDefaults({
      id: 'map',
      allowed_privileges: [],
      default_view: { lat: 'x', lon: 500, zoom: 40, fit_map_boundaries: false },
    });
    expect(view).toEqual({ center: [36.8473969, -1.3048035], zoom: 2, baselayer: 'streets', fitBounds: false });
    expect(mapDefaults(null).baselayer).toBe('streets');
  });
});
