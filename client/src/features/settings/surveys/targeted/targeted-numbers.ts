import { parsePhoneNumberFromString, type CountryCode } from 'libphonenumber-js';

export type NumbersCheck = {
  /** Valid numbers in E.164, each once. */
  valid: string[];
  /** What could not be read as a number of the country, as typed (whitespace removed), for correction. */
  invalid: string[];
  /** Repeats dropped (after conversion to E.164). */
  repeated: number;
};

/**
 * Comma separated phone numbers checked against a country (spec 3 section 5): whitespace removed,
 * each validated and converted to E.164, repeats dropped and counted, invalid ones kept apart.
 * `known` are numbers already accepted: typing one again counts as a repeat.
 */
export function checkNumbers(text: string, country: string, known: readonly string[] = []): NumbersCheck {
  const valid: string[] = [];
  const invalid: string[] = [];
  let repeated = 0;
  for (const entry of text.split(',')) {
    const compact = entry.replace(/\s+/g, '');
    if (compact === '') continue;
    const parsed = parsePhoneNumberFromString(compact, country as CountryCode);
    const fits = parsed?.isValid() && (compact.startsWith('+') || parsed.country === undefined || parsed.country === country);
    if (!parsed || !fits) {
      if (invalid.includes(compact)) repeated += 1;
      else invalid.push(compact);
    } else if (valid.includes(parsed.number) || known.includes(parsed.number)) repeated += 1;
    else valid.push(parsed.number);
  }
  return { valid, invalid, repeated };
}
