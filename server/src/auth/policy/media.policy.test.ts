import { describe, expect, it } from 'vitest';
import { admin, allowed, anonymous, member, shutOut } from './callers.fixture';
import { mediaRule } from './media.policy';

const mineUnshown = { userId: member.userId, shownInReadablePost: false };
const theirsUnshown = { userId: 99, shownInReadablePost: false };
const theirsShown = { userId: 99, shownInReadablePost: true };
const anonymousUpload = { userId: null, shownInReadablePost: false };

describe('media (issue 26: readable as the posts showing them are)', () => {
  it('are read by their uploader, admins, and readers of a post showing them', () => {
    expect(allowed(mediaRule, member, mineUnshown)).toEqual(['read', 'create', 'update', 'delete']);
    expect(allowed(mediaRule, member, theirsUnshown)).toEqual(['create']);
    expect(allowed(mediaRule, member, theirsShown)).toEqual(['read', 'create']);
    expect(allowed(mediaRule, anonymous, theirsShown)).toEqual(['read', 'create']);
    expect(allowed(mediaRule, admin, theirsUnshown)).toEqual(['read', 'create', 'update', 'delete']);
  });

  it('an upload no post shows stays with its uploader, so an anonymous one is nobody else’s to read', () => {
    expect(allowed(mediaRule, anonymous, anonymousUpload)).toEqual(['create']);
    expect(allowed(mediaRule, member, anonymousUpload)).toEqual(['create']);
  });

  it('unknown media are only uploaded; a private deployment is closed to anonymous callers', () => {
    expect(allowed(mediaRule, member, null)).toEqual(['create']);
    expect(allowed(mediaRule, shutOut, theirsShown)).toEqual([]);
  });
});
