import { describe, expect, it } from 'vitest';
import { anonymous, caller } from '../../auth/policy/callers.fixture';
import { presentGeoJsonCollection, presentPostGeoJson } from './post-geojson.presenter';
import { field, hiddenTask, postRow, surveyContext } from './post-view.fixture';
import type { PostView } from './posts.presenter';

const BASE = 'https://example.org';
const moderator = caller(6, 'moderator', ['Manage Posts']);
const home = field('home', 'point');
const secret = field('secret', 'point', { stage: hiddenTask });
const values = {
  home: [
    { lat: -1.28641, lon: 36.81722 },
    { lat: 0, lon: 0 },
  ],
  secret: [{ lat: 5, lon: 5 }],
};
const view = (over: Partial<PostView> = {}, form: Parameters<typeof surveyContext>[1] = {}): PostView => ({
  post: postRow({ values }),
  context: surveyContext([home, secret], form),
  tagLinks: [],
  sets: [],
  ...over,
});
const options = { locationPrecision: 1 };

describe("a post's GeoJSON (API-CONTRACT 9)", () => {
  it('is a feature per location the caller sees, at [lon, lat]', () => {
    const { features } = presentPostGeoJson(anonymous, view(), options);
    expect(features.map((f) => [f.geometry.coordinates, f.properties.attribute_key])).toEqual([
      [[36.81722, -1.28641], 'home'],
      [[0, 0], 'home'],
    ]);
    expect(features[0]?.properties).toMatchObject({
      id: 10,
      title: 'Flooded road',
      description: 'The road is under water',
      'marker-color': '#00ff00',
    });
    expect(presentPostGeoJson(moderator, view(), options).features).toHaveLength(3);
  });

  it('rounds the locations a survey hides', () => {
    const { features } = presentPostGeoJson(anonymous, view({}, { hide_location: true }), options);
    expect(features[0]?.geometry.coordinates).toEqual([36.8, -1.3]);
  });
});

describe('the GeoJSON of a list', () => {
  it('is a feature per post with a location the caller sees, with every point of it', () => {
    const unmapped = view({ post: postRow({ id: 11, values: { secret: values.secret }, source: 'sms' }) });
    const collection = presentGeoJsonCollection(BASE, anonymous, [view(), unmapped], 40, { ...options, bbox: [1, 2, 3, 4] });
    expect(collection).toMatchObject({ type: 'FeatureCollection', total: 40, bbox: [1, 2, 3, 4] });
    expect(collection.features).toHaveLength(1);
    expect(collection.features[0]).toMatchObject({
      geometry: {
        type: 'GeometryCollection',
        geometries: [
          { type: 'Point', coordinates: [36.81722, -1.28641] },
          { type: 'Point', coordinates: [0, 0] },
        ],
      },
      properties: { id: 10, url: `${BASE}/api/v3/posts/10`, source: 'web', data_source_message_id: null },
    });
    const all = presentGeoJsonCollection(BASE, moderator, [unmapped], 1, options);
    expect(all.features[0]?.properties.source).toBe('sms');
    expect(all).not.toHaveProperty('bbox');
  });
});
