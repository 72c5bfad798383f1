import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { changeLanguage } from '../../i18n/i18n';
import { memberSession, renderWithApp } from '../../test/harness';
import { initialPostList, type PostListState } from './post-list-state';
import { PostTimeline } from './PostTimeline';
import type { PostListApi } from './usePostList';

const emptyList = {
  count: 0,
  results: [],
  limit: null,
  offset: 0,
  order: 'asc',
  orderby: 'id',
  curr: '',
  next: '',
  prev: '',
  total_count: 0,
};

function listWith(state: Partial<PostListState>): PostListApi {
  const noop = vi.fn();
  return {
    state: { ...initialPostList, status: 'ready', ...state },
    limit: 20,
    setLimit: noop,
    loadMore: noop,
    reload: noop,
    showPending: noop,
    refresh: vi.fn(async () => undefined),
    changed: noop,
    added: noop,
    removed: noop,
  };
}

async function countText(state: Partial<PostListState>) {
  await renderWithApp(<PostTimeline list={listWith(state)} selectedId={null} filtered />, {
    route: '/views/data',
    session: memberSession(),
    handlers: { 'GET /forms': () => ({ body: emptyList }) },
  });
  return (await screen.findByRole('status')).textContent;
}

describe('timeline total wording (issue 6: honest totals at a million posts)', () => {
  it('states an exact total as it is', async () => {
    expect(await countText({ total: 1234, totalKind: 'exact' })).toBe('Showing 0 of 1,234 posts');
  });

  it('says a capped total is a lower bound', async () => {
    expect(await countText({ total: 10000, totalKind: 'at_least' })).toBe('Showing 0 of 10,000+ posts');
  });

  it('says an estimated total is approximate', async () => {
    expect(await countText({ total: 523000, totalKind: 'estimate' })).toBe('Showing 0 of about 523,000 posts');
  });

  describe('in another language', () => {
    afterEach(() => changeLanguage('en'));

    it('writes the numbers as that language does', async () => {
      await changeLanguage('es');
      expect(await countText({ total: 523000, totalKind: 'exact' })).toBe('Mostrando 0 de 523.000 publicaciones');
    });
  });
});
