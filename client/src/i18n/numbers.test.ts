import { describe, expect, it } from 'vitest';
import { formatCount, formatShortCount } from './numbers';

describe('counts in the interface language', () => {
  it('groups digits as the language does', () => {
    expect(formatCount(629_756, 'en')).toBe('629,756');
    expect(formatCount(629_756, 'es')).toBe('629.756');
    expect(formatCount(12, 'en')).toBe('12');
  });

  it('shortens badge counts by cutting, never rounding up', () => {
    expect([999, 1250, 35_400, 314_999, 1_190_000].map((n) => formatShortCount(n, 'en'))).toEqual(['999', '1.2K', '35K', '314K', '1.1M']);
    // Spanish puts a no-break space before its word.
    expect(formatShortCount(35_400, 'es')).toMatch(/^35\smil$/);
  });
});
