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
    expect(i18n.t('notify.register.success')).toBe('Registration complete! You can now log in..');
  });

  it('falls back to English for a language without a file', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    expect(await changeLanguage('fr-FR')).toBe('en');
    expect(document.documentElement.dir).toBe('ltr');
    expect(i18n.t('nav.map')).toBe('Map');
  });

  it('has every English key in the other files only where they translate the shell', async () => {
    const en = (await import('../locales/en.json')).default as Record<string, unknown>;
    for (const code of ['es', 'ar']) {
      const other = (await import(`../locales/${code}.json`)).default as Record<string, unknown>;
      const leaves = (o: Record<string, unknown>, prefix = ''): string[] =>
        Object.entries(o).flatMap(([k, v]) =>
          typeof v === 'object' && v ? leaves(v as Record<string, unknown>, `${prefix}${k}.`) : [`${prefix}${k}`],
        );
      const known = new Set(leaves(en).map((k) => k.replace(/_(zero|one|two|few|many|other)$/, '')));
      for (const key of leaves(other)) expect(known.has(key.replace(/_(zero|one|two|few|many|other)$/, '')), `${code}: ${key}`).toBe(true);
    }
  });
});
