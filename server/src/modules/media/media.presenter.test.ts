import { describe, expect, it } from 'vitest';
import { anonymous, caller } from '../../auth/policy/callers.fixture';
import { presentMedia } from './media.presenter';
import type { MediaRow } from './media.repository';

const BASE = 'https://example.org';
const media: MediaRow = {
  id: 8,
  user_id: 2,
  caption: 'Bridge',
  mime: 'image/jpeg',
  storage_key: 'ab/cd.jpg',
  original_file_size: 1024,
  original_width: 640,
  original_height: 480,
  created: new Date('2024-01-01T00:00:00Z'),
  updated: null,
};
const row = { row: media, access: { userId: 2, shownInReadablePost: false } };

describe('media JSON (API-CONTRACT 14.3)', () => {
  it('makes a local file address absolute on our origin, and keeps a store address as it is', () => {
    expect(presentMedia(BASE, anonymous, row, (key) => `/media/${key}`).original_file_url).toBe(`${BASE}/media/ab/cd.jpg`);
    expect(presentMedia(BASE, anonymous, row, (key) => `https://cdn.example.net/${key}`).original_file_url).toBe(
      'https://cdn.example.net/ab/cd.jpg',
    );
  });

  it('names its uploader and what the caller may do with it', () => {
    expect(presentMedia(BASE, caller(2, 'user'), row, (key) => key)).toMatchObject({
      id: 8,
      url: `${BASE}/api/v3/media/8`,
      user: { id: 2, url: `${BASE}/api/v3/users/2` },
      created: '2024-01-01T00:00:00+00:00',
      updated: null,
      allowed_privileges: ['read', 'create', 'update', 'delete'],
    });
    const shownAnonymousUpload = { row: { ...media, user_id: null }, access: { userId: null, shownInReadablePost: true } };
    expect(presentMedia(BASE, anonymous, shownAnonymousUpload, (key) => key)).toMatchObject({
      user: null,
      allowed_privileges: ['read', 'create'],
    });
  });
});
