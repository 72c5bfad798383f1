import type { HxlTag } from '@platform/shared';
import { describe, expect, it } from 'vitest';
import { attributesFor, headingRow, tagsFor } from './hxl-heading';

const tag = (id: number, name: string, types: string[], attributes: string[]): HxlTag => ({
  id,
  url: `/api/v3/hxl/tags/${id}`,
  tag_name: name,
  description: name,
  form_attribute_types: types,
  attributes: attributes.map((attribute, i) => ({ id: id * 10 + i, attribute, description: attribute })),
  allowed_privileges: ['read'],
});

const TAGS = [
  tag(1, '#adm1', ['text', 'varchar'], ['+code', '+name']),
  tag(2, '#geo', ['point'], ['+lat', '+lon', '+coord']),
  tag(3, '#affected', ['int', 'decimal'], ['+f', '+m']),
];

describe('HXL heading row', () => {
  it('offers the tags that fit a field type, and no +lat/+lon for a point (its two columns get them)', () => {
    expect(tagsFor(TAGS, 'varchar').map((t) => t.tag_name)).toEqual(['#adm1']);
    expect(tagsFor(TAGS, 'int').map((t) => t.tag_name)).toEqual(['#affected']);
    expect(tagsFor(TAGS, 'media')).toEqual([]);
    expect(attributesFor(TAGS[1]!, 'point').map((a) => a.attribute)).toEqual(['+coord']);
  });

  it('makes one entry per tagged field, attributes in the tag order, skipping untagged fields and tags that do not fit', () => {
    const fields = [
      { id: 7, type: 'varchar' },
      { id: 8, type: 'int' },
      { id: 9, type: 'varchar' },
      { id: 10, type: 'point' },
    ];
    const row = headingRow(
      fields,
      {
        7: { tagId: 1, attributes: ['+name', '+code'] },
        8: { tagId: 1, attributes: [] },
        9: { tagId: null, attributes: [] },
        10: { tagId: 2, attributes: ['+lat', '+coord'] },
      },
      TAGS,
    );
    expect(row).toEqual([
      { form_attribute_id: 7, tag: '#adm1', attributes: ['+code', '+name'], hxl_tag_id: 1 },
      { form_attribute_id: 10, tag: '#geo', attributes: ['+coord'], hxl_tag_id: 2 },
    ]);
  });
});
