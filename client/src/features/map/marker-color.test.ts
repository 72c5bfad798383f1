import { describe, expect, it } from 'vitest';
import { minZoomFor } from './map-view-rules';
import { MARKER_GREY, markerColor } from './marker-color';

describe('marker colour', () => {
  it('allows only letters, digits and #, else grey', () => {
    expect(markerColor('#aa3300')).toBe('#aa3300');
    expect(markerColor('aa3300')).toBe('#aa3300');
    expect(markerColor('red')).toBe('red');
    expect(markerColor('rgb(1,2,3)')).toBe(MARKER_GREY);
    expect(markerColor('#fff;background:url(x)')).toBe(MARKER_GREY);
    expect(markerColor(null)).toBe('#959595');
  });

  it('keeps the zoom within the rules', () => {
    expect(minZoomFor(2)).toBe(2);
    expect(minZoomFor(9)).toBe(7);
  });
});
