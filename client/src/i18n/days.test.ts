import { afterEach, describe, expect, it } from 'vitest';
import { dayEnd, dayOf, dayStart, formatDay, toDay } from './days';

const zone = process.env.TZ;
const inZone = (tz: string) => {
  process.env.TZ = tz;
};

describe("the viewer's days", () => {
  afterEach(() => {
    process.env.TZ = zone;
  });

  it('bounds a day in the time zone of the screen, not in UTC', () => {
    inZone('America/Bogota');
    expect(dayStart('2026-05-10')).toBe('2026-05-10T05:00:00.000Z');
    expect(dayEnd('2026-05-10')).toBe('2026-05-11T04:59:59.999Z');
    inZone('Asia/Tokyo');
    expect(dayStart('2026-05-10')).toBe('2026-05-09T15:00:00.000Z');
    expect(dayEnd('2026-05-10')).toBe('2026-05-10T14:59:59.999Z');
  });

  it('reads a day, or the local day of an ISO time, and nothing else', () => {
    inZone('America/Bogota');
    expect(dayOf('2026-05-10')).toBe('2026-05-10');
    expect(dayOf('2026-05-11T02:00:00.000Z')).toBe('2026-05-10');
    expect(dayOf('2026-05-10T09:30:00+03:00')).toBe('2026-05-10');
    expect(dayOf('yesterday')).toBe('');
    expect(dayOf('2026-13-45T00:00:00Z')).toBe('');
    expect(toDay(new Date(2026, 0, 5))).toBe('2026-01-05');
  });

  it('writes a day as the language does, keeping its order right to left too', () => {
    expect(formatDay('2026-10-01', 'en')).toBe('Oct 1, 2026');
    expect(formatDay('2026-10-01', 'es')).toBe('1 oct 2026');
    // Arabic marks each separator right to left, so the day reads 01/10/2026 in its own direction.
    expect(formatDay('2026-10-01', 'ar')).toBe('01\u200f/10\u200f/2026');
    expect(formatDay('yesterday', 'en')).toBe('yesterday');
  });
});
