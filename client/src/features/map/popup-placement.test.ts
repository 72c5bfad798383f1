import { describe, expect, it } from 'vitest';
import { POPUP_MARGIN, popupMaxWidth, popupPan } from './popup-placement';

const map = { left: 16, top: 176, right: 374, bottom: 828 };

describe('popup placement', () => {
  it('leaves a popup inside the map where it is', () => {
    expect(popupPan({ left: 40, top: 300, right: 340, bottom: 480 }, map)).toEqual([0, 0]);
  });

  it('pans a popup cut off on the left or right back inside, with a margin', () => {
    // Anchored to the left of a pin near the right edge of a phone's map: 43 px hidden on the left.
    expect(popupPan({ left: -27, top: 300, right: 293, bottom: 480 }, map)).toEqual([-27 - 16 - POPUP_MARGIN, 0]);
    expect(popupPan({ left: 120, top: 300, right: 420, bottom: 480 }, map)).toEqual([420 - 374 + POPUP_MARGIN, 0]);
  });

  it('pans a popup cut off at the top or bottom', () => {
    expect(popupPan({ left: 40, top: 150, right: 340, bottom: 330 }, map)).toEqual([0, 150 - 176 - POPUP_MARGIN]);
    expect(popupPan({ left: 40, top: 700, right: 340, bottom: 880 }, map)).toEqual([0, 880 - 828 + POPUP_MARGIN]);
  });

  it('shows the start of a popup larger than the map', () => {
    expect(popupPan({ left: 30, top: 300, right: 430, bottom: 480 }, map)).toEqual([30 - 16 - POPUP_MARGIN, 0]);
  });

  it('makes the card narrower on a narrow map', () => {
    expect(popupMaxWidth(1200)).toBe('320px');
    expect(popupMaxWidth(300)).toBe(`${300 - 2 * POPUP_MARGIN}px`);
    expect(popupMaxWidth(100)).toBe('160px');
  });
});
