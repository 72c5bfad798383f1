import { afterEach, describe, expect, it, vi } from 'vitest';
import { changeLanguage, i18n } from './i18n';
import { baseLanguage, directionOf } from './languages';

afterEach(async () => {
  await changeLanguage('en');
});

describe('languages', () => {
  it('reads locale codes as their base language', () => {
    expect(baseLanguage('en-US')).toBe('en');
    expect(baseLanguage('AR_eg')).toBe('ar');
    expect(baseLanguage(null)).toBe('en');
    expect(directionOf('ar')).toBe('rtl');
    expect(directionOf('es')).toBe('ltr');
  });

  it('loads Arabic on demand and turns the document right-to-left', async () => {
    expect(await changeLanguage('ar')).toBe('ar');
    expect(document.documentElement.dir).toBe('rtl');
    expect(document.documentElement.lang).toBe('ar');
    expect(i18n.t('nav.map')).toBe('الخريطة');
    // A key the Arabic file does not have falls back to English.
    i18n.addResource('en', 'translation', 'test.only_in_english', 'Only in English');
    expect(i18n.t('test.only_in_english')).toBe('Only in English');
  });

  it('falls back to English for a language without a file', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    expect(await changeLanguage('fr-FR')).toBe('en');
    expect(document.documentElement.dir).toBe('ltr');
    expect(i18n.t('nav.map')).toBe('Map');
  });
});
