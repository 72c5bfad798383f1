import { parsePhoneNumberFromString, type CountryCode } from 'libphonenumber-js';

export type ParsedNumbers = {
  /** Valid numbers in E.164, each once, in the order given. */
  valid: string[];
  /** Numbers that are not valid in the country, as they were entered (whitespace removed). */
  invalid: string[];
  /** How many repeats were dropped. */
  duplicates: number;
};

/**
 * A comma separated list of phone numbers read in one country's numbering plan (spec 3 section 5):
 * whitespace removed, each converted to E.164, repeats (after conversion) dropped and counted,
 * the ones that are not valid kept apart for correction.
 */
export function parseNumbers(list: string, country: string): ParsedNumbers {
  const valid: string[] = [];
  const invalid: string[] = [];
  let duplicates = 0;
  for (const entry of list.split(',')) {
    const compact = entry.replace(/\s+/g, '');
    if (compact === '') continue;
    const parsed = parsePhoneNumberFromString(compact, country as CountryCode);
    if (!parsed || !parsed.isValid() || (parsed.country !== undefined && parsed.country !== country && !compact.startsWith('+'))) {
      if (invalid.includes(compact)) duplicates += 1;
      else invalid.push(compact);
      continue;
    }
    if (valid.includes(parsed.number)) duplicates += 1;
    else valid.push(parsed.number);
  }
  return { valid, invalid, duplicates };
}
