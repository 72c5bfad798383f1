import type { Attribute } from '@platform/shared';
import type { Auth } from '../../auth/auth';
import { stageRule } from '../../auth/policy/forms.policy';
import { allowedPrivileges } from '../../auth/policy/policy';
import { resourceUrl } from '../../http/urls';
import type { AttributeRow } from './attributes.repository';

const asObject = (value: unknown): Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {};

/** Field JSON (API-CONTRACT 7.3); the url is the nested route that serves it. */
export function presentAttribute(base: string, auth: Auth, attribute: AttributeRow, postStatus?: string): Attribute {
  return {
    id: attribute.id,
    url: resourceUrl(base, `forms/${attribute.form_id}/attributes`, attribute.id),
    key: attribute.key,
    label: attribute.label,
    instructions: attribute.instructions,
    input: attribute.input,
    type: attribute.type,
    required: attribute.required,
    default: attribute.default,
    priority: attribute.priority,
    options: Array.isArray(attribute.options) ? attribute.options : [],
    cardinality: attribute.cardinality,
    config: asObject(attribute.config),
    form_stage_id: attribute.form_stage_id,
    response_private: attribute.response_private,
    allowed_privileges: allowedPrivileges(stageRule, auth, { form: { disabled: attribute.form_disabled }, stage: attribute, postStatus }),
  };
}
