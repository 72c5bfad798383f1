import type { Attribute, Form } from '@platform/shared';
import { listAttributes, listForms } from '../../../api/endpoints/forms';
import type { Query } from '../../../api/query';
import { useLiveQuery } from '../../../providers/query/useLiveQuery';
import { useServices } from '../../../providers/services-context';

export type SurveyFields = { form: Form; attributes: Attribute[] };

/** Fields the post's own Title and Description columns already hold. */
const OWN_COLUMN_TYPES = new Set(['title', 'description']);

/** The surveys the filters name, or null when they name none (posts without a survey do not count). */
export function surveysNamed(filters: Query): number[] | null {
  const ids = Array.isArray(filters.form) ? filters.form.filter((f): f is number => typeof f === 'number') : [];
  return ids.length > 0 ? ids : null;
}

/**
 * The surveys whose fields an export of `filters` can hold, each with those fields: the surveys
 * the filters name, else every survey, as the export's own columns go (export-reader.ts). A field
 * of a survey filtered out would never reach the file, so it is not offered.
 */
export function useExportSurveys(filters: Query) {
  const { api } = useServices();
  const named = surveysNamed(filters);
  return useLiveQuery(['export-fields', named], async (): Promise<SurveyFields[]> => {
    const forms = (await listForms(api)).filter((form) => named === null || named.includes(form.id));
    return Promise.all(
      forms.map(async (form) => ({ form, attributes: (await listAttributes(api, form.id)).filter((a) => !OWN_COLUMN_TYPES.has(a.type)) })),
    );
  });
}
