import { describe, expect, it } from 'vitest';
import { anonymous, caller } from '../../auth/policy/callers.fixture';
import { presentAttribute } from './attributes.presenter';
import type { AttributeRow } from './attributes.repository';

const BASE = 'https://example.org';
const row: AttributeRow = {
  id: 12,
  key: 'colour',
  form_stage_id: 3,
  label: 'Colour',
  instructions: null,
  input: 'select',
  type: 'varchar',
  required: false,
  default: null,
  priority: 1,
  options: ['red', 'blue'],
  cardinality: 1,
  config: {},
  response_private: false,
  created: new Date('2024-01-01T00:00:00Z'),
  updated: null,
  form_id: 1,
  form_disabled: false,
  show_when_published: true,
  task_is_internal_only: true,
};

describe('field JSON (API-CONTRACT 7.3)', () => {
  it('is served under its survey, with lists and objects as such whatever was stored', () => {
    expect(presentAttribute(BASE, anonymous, row)).toMatchObject({
      id: 12,
      url: `${BASE}/api/v3/forms/1/attributes/12`,
      options: ['red', 'blue'],
      config: {},
      form_stage_id: 3,
    });
    const odd = presentAttribute(BASE, anonymous, { ...row, options: 'red' as never, config: ['x'] as never });
    expect(odd).toMatchObject({ options: [], config: {} });
  });

  it('is readable in an internal task only on a published post, unless one edits the survey', () => {
    expect(presentAttribute(BASE, anonymous, row).allowed_privileges).toEqual(['search']);
    expect(presentAttribute(BASE, anonymous, row, 'published').allowed_privileges).toEqual(['read', 'search']);
    expect(presentAttribute(BASE, caller(3, 'editor', ['Manage Settings']), row).allowed_privileges).toEqual([
      'read',
      'create',
      'update',
      'delete',
      'search',
    ]);
  });
});
