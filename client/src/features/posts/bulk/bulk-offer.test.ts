import { describe, expect, it } from 'vitest';
import { bulkOffer } from './bulk-offer';

const post = (status: 'published' | 'draft' | 'archived', privileges: string[], lockUser: number | null = null) => ({
  status,
  allowed_privileges: privileges,
  lock: lockUser === null ? null : { id: 1, post_id: 1, expires: 0, user: { id: lockUser, url: '' } },
});

describe('bulkOffer', () => {
  it('offers each action only when some selected post allows it and nobody else holds its lock', () => {
    const manager = ['read', 'update', 'change_status'];
    expect(bulkOffer([post('draft', manager)], 1, true)).toEqual({ statuses: ['published', 'archived'], collection: true, delete: false });
    expect(bulkOffer([post('draft', [...manager, 'delete'], 2)], 1, true)).toEqual({ statuses: [], collection: false, delete: false });
    expect(bulkOffer([post('draft', [...manager, 'delete'], 1)], 1, true).delete).toBe(true);
    expect(bulkOffer([post('published', ['read'])], null, false)).toEqual({ statuses: [], collection: false, delete: false });
    expect(bulkOffer([post('published', ['read', 'delete']), post('draft', ['read'])], 3, true)).toEqual({
      statuses: [],
      collection: true,
      delete: true,
    });
  });
});
