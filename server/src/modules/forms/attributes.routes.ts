import { AttributeListQuery } from '@platform/shared';
import type { Router } from 'express';
import { presentAttribute } from './attributes.presenter';
import type { AttributesService } from './attributes.service';
import { surveyPartRoutes } from './survey-parts.routes';

/**
 * Fields: `/forms/attributes` (all surveys) and `/forms/{id}/attributes[/{id}]`. The client asks
 * `order=asc&orderby=priority` (API-CONTRACT 7.3, 15).
 */
export function attributesRoutes(attributes: AttributesService): Router {
  return surveyPartRoutes({
    path: 'attributes',
    resource: 'form_attribute',
    service: attributes,
    present: presentAttribute,
    listQuery: AttributeListQuery,
    filtersOf: ({ form_id: formIds, type: types, input: inputs, label: labels, key: keys }) => ({ formIds, types, inputs, labels, keys }),
  });
}
