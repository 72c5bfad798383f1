import type { COUNTRY_CODE_SORTABLE } from '@platform/shared';
import { getCountries, getCountryCallingCode } from 'libphonenumber-js';
import type { Paging } from '../../http/query';

export type CountryCodeRow = { id: number; country_name: string; dial_code: string; country_code: string };
export type CountryCodeFilters = { countryCodes: string[]; dialCodes: string[] };

/**
 * Every country libphonenumber-js knows, named in English and sorted by name. The id is the
 * 1-based position in that list: stable for a given libphonenumber-js release (it only moves
 * when an upgrade adds or renames a country). Nothing is stored, so nothing can drift.
 */
function buildCatalogue(): CountryCodeRow[] {
  const names = new Intl.DisplayNames(['en'], { type: 'region' });
  return getCountries()
    .map((code) => ({ country_code: code, country_name: names.of(code) ?? code, dial_code: `+${getCountryCallingCode(code)}` }))
    .sort((a, b) => a.country_name.localeCompare(b.country_name, 'en') || a.country_code.localeCompare(b.country_code))
    .map((row, index) => ({ id: index + 1, ...row }));
}

let catalogue: CountryCodeRow[] | undefined;
const all = () => (catalogue ??= buildCatalogue());

export const findById = (id: number): CountryCodeRow | undefined => all()[id - 1];

/** `dial_code=+254` arrives as " 254" (a query `+` is a space), so only the digits are compared. */
const digits = (value: string) => value.replace(/\D/g, '');

export function search(filters: CountryCodeFilters, paging: Paging): { rows: CountryCodeRow[]; total: number } {
  const codes = new Set(filters.countryCodes.map((c) => c.toUpperCase()));
  const dials = new Set(filters.dialCodes.map(digits));
  const matching = all().filter(
    (row) => (codes.size === 0 || codes.has(row.country_code)) && (dials.size === 0 || dials.has(digits(row.dial_code))),
  );
  const key = paging.orderby as (typeof COUNTRY_CODE_SORTABLE)[number];
  const sign = paging.order === 'desc' ? -1 : 1;
  const sorted = [...matching].sort((a, b) => {
    const left = a[key];
    const right = b[key];
    const order =
      key === 'id'
        ? (left as number) - (right as number)
        : key === 'dial_code'
          ? Number(digits(a.dial_code)) - Number(digits(b.dial_code))
          : String(left).localeCompare(String(right), 'en');
    return sign * (order || a.id - b.id);
  });
  const end = paging.limit === null ? undefined : paging.offset + paging.limit;
  return { rows: sorted.slice(paging.offset, end), total: matching.length };
}
