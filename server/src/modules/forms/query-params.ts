import { invalid } from '../../http/errors';
import { toIdList } from '../../http/id-filters';
import { toScalar } from '../../http/query';

/** A list filter of ids (`form_id=1,2`, `parent_id[]=3`), refused with 422 unless each is a 32-bit id. */
export const idList = (value: unknown, resource: string, name: string): number[] => toIdList(value, resource, `/${name}`);

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
