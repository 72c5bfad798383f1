export type LatLon = { lat: number; lon: number };

const validLat = (n: number) => Number.isFinite(n) && n >= -90 && n <= 90;
const validLon = (n: number) => Number.isFinite(n) && n >= -180 && n <= 180;

/** The lat/lon boxes' text as a point, or null while either is blank or out of range. */
export function pointOf(entry: { lat: string | number; lon: string | number }): LatLon | null {
  if (String(entry.lat).trim() === '' || String(entry.lon).trim() === '') return null;
  const lat = Number(entry.lat);
  const lon = Number(entry.lon);
  return validLat(lat) && validLon(lon) ? { lat, lon } : null;
}
