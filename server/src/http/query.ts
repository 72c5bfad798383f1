import { pagingQuery, type Paging, type PagingOptions, type Sortable } from '@platform/shared';
import type { z } from 'zod';
import { parseBody } from './errors';

export type { Paging };

/**
 * Reads a query string with its shared schema (`UserListQuery`, `PostListQuery` ...): a bad
 * parameter is a 422 for `resource` whose pointer names the parameter (API-CONTRACT 2.1).
 */
export const parseQuery = <T extends z.ZodType>(schema: T, query: unknown, resource: string): z.infer<T> =>
  parseBody(schema, query, resource);

/** Schemas by options: zod compiles an object schema on its first use, so each is made once. */
const pagingSchemas = new Map<string, z.ZodType<Paging>>();

/** `limit, offset, order, orderby` alone, for the post lists, which read their filters apart. */
export function parsePaging<S extends Sortable>(query: unknown, options: PagingOptions<S> & { resource: string }): Paging<S[number]> {
  const { resource, ...paging } = options;
  const key = JSON.stringify(paging);
  let schema = pagingSchemas.get(key);
  if (!schema) pagingSchemas.set(key, (schema = pagingQuery(paging)));
  return parseQuery(schema, query, resource) as Paging<S[number]>;
}
