import type { Offset } from 'maplibre-gl';

/** Room kept between a popup and the map's edge, in pixels. */
export const POPUP_MARGIN = 8;
/** The widest a popup card gets (a narrower map makes it narrower). */
export const POPUP_MAX_WIDTH = 320;

/**
 * Where a popup sits against a 32 by 32 pin whose tip is the point: above the pin, below its tip,
 * or beside its head, for whichever side maplibre picks to keep the popup on the map.
 */
export const PIN_POPUP_OFFSET: Offset = {
  center: [0, -16],
  top: [0, 0],
  'top-left': [0, 0],
  'top-right': [0, 0],
  bottom: [0, -30],
  'bottom-left': [0, -30],
  'bottom-right': [0, -30],
  left: [12, -16],
  right: [-12, -16],
};

type Box = { left: number; top: number; right: number; bottom: number };

/** The popup's width on a map `mapWidth` pixels wide: the whole card fits between the margins. */
export const popupMaxWidth = (mapWidth: number): string =>
  `${Math.max(160, Math.min(POPUP_MAX_WIDTH, Math.floor(mapWidth - 2 * POPUP_MARGIN)))}px`;

/**
 * How far to pan the map (maplibre's `panBy`) so that the popup's box lies within the map's, with a
 * margin; [0, 0] when it does already. A popup taller or wider than the map shows its top left.
 */
export function popupPan(popup: Box, map: Box): [number, number] {
  const axis = (start: number, end: number, from: number, to: number): number => {
    if (start < from + POPUP_MARGIN) return start - from - POPUP_MARGIN;
    if (end > to - POPUP_MARGIN) return Math.min(end - to + POPUP_MARGIN, start - from - POPUP_MARGIN);
    return 0;
  };
  return [axis(popup.left, popup.right, map.left, map.right), axis(popup.top, popup.bottom, map.top, map.bottom)];
}
