import { z } from 'zod';
import { listQuery, queryWords } from './list-query';

/** One country of `/country-codes` (API-CONTRACT 14.9): `dial_code` like "+254", `country_code` like "KE". */
export const CountryCodeSchema = z.object({
  id: z.number().int(),
  url: z.string(),
  country_name: z.string(),
  dial_code: z.string(),
  country_code: z.string(),
  allowed_privileges: z.array(z.string()),
});
export type CountryCode = z.infer<typeof CountryCodeSchema>;

export const COUNTRY_CODE_SORTABLE = ['id', 'country_name', 'country_code', 'dial_code'] as const;

/** `GET /country-codes`, filtered by `country_code` and `dial_code` (API-CONTRACT 14.9). */
export const CountryCodeListQuery = listQuery(
  { sortable: COUNTRY_CODE_SORTABLE, orderby: 'id' },
  { country_code: queryWords, dial_code: queryWords },
);
export type CountryCodeListQuery = z.infer<typeof CountryCodeListQuery>;
