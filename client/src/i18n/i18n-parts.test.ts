import { describe, expect, it, vi } from 'vitest';
import en from '../locales/en.json';
import enFirst from '../locales/en.json?part=first';
import enRest from '../locales/en.json?part=rest';
import { FIRST_PAINT_NAMESPACES } from './first-paint';

/** A page's own i18next, as a fresh start of the app has it. */
async function freshStart() {
  vi.resetModules();
  const module = await import('./i18n');
  await module.initI18n('es', { firstPaint: true });
  return module;
}

describe('a translation file in two parts', () => {
  it("splits the file into the first screen's groups and the rest, losing none", () => {
    expect(Object.keys(enFirst).every((group) => FIRST_PAINT_NAMESPACES.includes(group))).toBe(true);
    expect(Object.keys(enRest).some((group) => FIRST_PAINT_NAMESPACES.includes(group))).toBe(false);
    expect({ ...enFirst, ...enRest }).toEqual(en);
  });
});

describe('the strings a page loads', () => {
  it("starts with the first screen's part of the language shown, and nothing of English", async () => {
    const { i18n } = await freshStart();
    expect(i18n.language).toBe('es');
    expect(i18n.t('map.heatmap')).toBe('Mapa de calor');
    expect(i18n.exists('survey.list_title')).toBe(false);
    expect(i18n.hasResourceBundle('en', 'translation')).toBe(false);
  });

  it('fetches the rest of the language when a string from it is asked for, and shows it then', async () => {
    const { i18n } = await freshStart();
    const retranslated = vi.fn();
    i18n.on('languageChanged', retranslated);
    // Meanwhile the key shows, as i18next does for any missing string.
    expect(i18n.t('survey.list_title')).toBe('survey.list_title');
    await vi.waitFor(() => expect(i18n.t('survey.list_title')).toBe('Encuestas'));
    expect(retranslated).toHaveBeenCalledWith('es');
    expect(i18n.hasResourceBundle('en', 'translation')).toBe(false);
  });

  it('has every string of the language once the page asks for all of them', async () => {
    const { i18n, loadAllStrings } = await freshStart();
    expect(i18n.exists('settings_hub.title')).toBe(false);
    await loadAllStrings();
    expect(i18n.t('settings_hub.title')).toBe('Configuración');
    expect(i18n.hasResourceBundle('en', 'translation')).toBe(false);
  });
});
