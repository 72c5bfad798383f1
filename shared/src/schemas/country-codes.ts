import { z } from 'zod';

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
