import { z } from 'zod';
import { listQuery } from './list-query';

/** `POST /apikeys {}` and `PUT /apikeys/{id}` make the key on the server (API-CONTRACT 14.7). */
export const ApiKeySchema = z.object({
  id: z.number().int(),
  url: z.string(),
  api_key: z.string(),
  created: z.string(),
  updated: z.string().nullable(),
  allowed_privileges: z.array(z.string()),
});
export type ApiKey = z.infer<typeof ApiKeySchema>;

export const APIKEY_SORTABLE = ['id', 'created', 'updated'] as const;

/** `GET /apikeys`: paging only (API-CONTRACT 14.7). */
export const ApiKeyListQuery = listQuery({ sortable: APIKEY_SORTABLE, orderby: 'id' }, {});
export type ApiKeyListQuery = z.infer<typeof ApiKeyListQuery>;
