import { getCountries, getCountryCallingCode } from 'libphonenumber-js';

export type CountryOption = { code: string; name: string; dial: string };

/** Every country libphonenumber-js knows, named in the interface's language, sorted by name. */
export function countryOptions(language: string): CountryOption[] {
  let names: Intl.DisplayNames | null = null;
  try {
    names = new Intl.DisplayNames([language], { type: 'region' });
  } catch {
    names = null;
  }
  return getCountries()
    .map((code) => ({ code, name: names?.of(code) ?? code, dial: `+${getCountryCallingCode(code)}` }))
    .sort((a, b) => a.name.localeCompare(b.name, language));
}
