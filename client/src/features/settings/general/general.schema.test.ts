import { describe, expect, it } from 'vitest';
import { mapBody, precisionKilometres, siteBody, toBaselayer, toFormValues } from './general.schema';

describe('general settings mapping', () => {
  it('maps the old MapQuest layer names to streets and satellite', () => {
    expect(toBaselayer('MapQuest')).toBe('streets');
    expect(toBaselayer('MapQuestAerial')).toBe('satellite');
    expect(toBaselayer('satellite')).toBe('satellite');
    expect(toBaselayer(undefined)).toBe('streets');
    expect(toBaselayer('offline')).toBe('offline');
  });

  it('reads kilometres as 1000 / 10^n', () => {
    expect(precisionKilometres(0)).toBe(1000);
    expect(precisionKilometres(2)).toBe(10);
    expect(precisionKilometres(9)).toBeCloseTo(0.000001);
  });

  it('keeps the stored default view keys it does not edit, and sends switches only when their feature is on', () => {
    const map = {
      id: 'map' as const,
      allowed_privileges: [],
      default_view: { lat: 1, lon: 2, zoom: 3, baselayer: 'MapQuest', icon: 'map-marker' },
    };
    const values = { ...toFormValues({ id: 'site', name: 'A site', language: 'en-US', allowed_privileges: [] }, map) };
    expect(values.language).toBe('en');
    expect(values.baselayer).toBe('streets');
    const parsed = { ...values, lat: 1, lon: 2, zoom: 4, location_precision: 3, baselayer: 'satellite' as const };
    expect(mapBody(parsed, map, { privateEnabled: false, registrationSwitchEnabled: false, precisionEnabled: false })).toEqual({
      clustering: true,
      default_view: { lat: 1, lon: 2, zoom: 4, baselayer: 'satellite', icon: 'map-marker' },
    });
    const site = siteBody(parsed, false, { privateEnabled: true, registrationSwitchEnabled: false, precisionEnabled: true }, null);
    expect(site).toEqual({ name: 'A site', description: '', email: '', private: false, image_header: null });
  });
});
