import { invalid } from '../../http/errors';
import { toList, toScalar } from '../../http/query';

const MAX_ID = 2_147_483_647;

/**
 * A list filter of ids in either encoding (`a=1,2` or `a[]=1&a[]=2`); anything but a 32-bit id is
 * a 422, never a failing SQL statement.
 */
export function idList(value: unknown, resource: string, name: string): number[] {
  return toList(value).map((v) => {
    const n = Number(v);
    if (!/^\d{1,10}$/.test(v) || n < 1 || n > MAX_ID) invalid(resource, `/${name}`, `${name} must be a list of ids`);
    return n;
  });
}

/** A boolean filter (`true/false/1/0`); absent is undefined. */
export function flagParam(value: unknown, resource: string, name: string): boolean | undefined {
  const raw = toScalar(value)?.toLowerCase();
  if (raw === undefined) return undefined;
  if (raw === 'true' || raw === '1') return true;
  if (raw === 'false' || raw === '0') return false;
  return invalid(resource, `/${name}`, `${name} must be true or false`);
}

/** A text filter (`q`, `label`): the first value, trimmed, empty meaning absent. */
export function textParam(value: unknown): string | undefined {
  const raw = typeof value === 'string' ? value : toScalar(value);
  const trimmed = raw?.trim();
  return trimmed ? trimmed : undefined;
}

/** `%x%` for LIKE with the wildcards of `x` escaped. */
export const likePattern = (text: string): string => `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
