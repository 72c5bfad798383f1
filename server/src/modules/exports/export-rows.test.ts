import { describe, expect, it } from 'vitest';
import { csvCell, csvHead, csvRow, exportColumns, geoJsonFeature, type ExportPost } from './export-rows';

const attributes = [
  { id: 1, key: 'title-key', label: 'Title', type: 'title' },
  { id: 2, key: 'where', label: 'Where', type: 'point' },
  { id: 3, key: 'needs', label: 'Needs', type: 'varchar' },
  { id: 4, key: 'cats', label: 'Categories', type: 'tags' },
];
const post: ExportPost = {
  id: 7,
  survey: 'Reports',
  status: 'published',
  created: '2026-01-01T00:00:00+00:00',
  updated: '',
  postDate: '2026-01-01T00:00:00+00:00',
  title: '+danger',
  content: 'line\nbreak, "quoted"',
  values: { where: [{ lat: 1.5, lon: 2.5 }], needs: ['water', 'food'], cats: [9] },
};

describe('export rows', () => {
  it('escapes formula cells and quotes what CSV needs quoted', () => {
    for (const lead of ['=', '+', '-', '@', '\t', '\r'])
      expect(csvCell(`${lead}x`).replace(/^"|"$/g, '').startsWith(`'${lead}`)).toBe(true);
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('plain')).toBe('plain');
    // Negative numbers (southern latitudes) stay numbers; a sum does not.
    expect(csvCell('-1.3')).toBe('-1.3');
    expect(csvCell('-2e5')).toBe('-2e5');
    expect(csvCell('-1+2')).toBe("'-1+2");
    expect(csvCell('+1')).toBe("'+1");
  });

  it('splits points into lat/lon, joins several values, names categories and leaves out title fields', () => {
    const columns = exportColumns(attributes, { fields: null, hxl: null, tagNames: new Map([[9, 'Health']]) });
    expect(columns.map((c) => c.label).slice(8)).toEqual(['Where.lat', 'Where.lon', 'Needs', 'Categories']);
    expect(csvRow(columns, post)).toBe(
      `7,Reports,published,2026-01-01T00:00:00+00:00,,2026-01-01T00:00:00+00:00,'+danger,"line\nbreak, ""quoted""",1.5,2.5,"water, food",Health\r\n`,
    );
  });

  it('writes the HXL row under the labels, only for the selected fields', () => {
    const columns = exportColumns(attributes, {
      fields: ['where'],
      hxl: [{ form_attribute_id: 2, tag: '#geo', attributes: ['+here'] }],
      tagNames: new Map(),
    });
    const [labels, hxl] = csvHead(columns, true).replace('\uFEFF', '').split('\r\n');
    expect(labels!.split(',').slice(8)).toEqual(['Where.lat', 'Where.lon']);
    expect(hxl).toBe(',,,,,,,,#geo+here+lat,#geo+here+lon');
  });

  it('makes a GeoJSON feature of the post’s points', () => {
    const columns = exportColumns(attributes, { fields: null, hxl: null, tagNames: new Map() });
    const feature = JSON.parse(geoJsonFeature(columns, post, ['where'])) as { geometry: unknown; properties: Record<string, string> };
    expect(feature.geometry).toEqual({ type: 'Point', coordinates: [2.5, 1.5] });
    expect(feature.properties.Needs).toBe('water, food');
    expect(JSON.parse(geoJsonFeature(columns, { ...post, values: {} }, ['where'])).geometry).toBeNull();
  });
});
