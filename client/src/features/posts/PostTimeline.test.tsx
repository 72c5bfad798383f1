import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { changeLanguage } from '../../i18n/i18n';
import { listAnswer, memberSession, renderWithApp } from '../../test/harness';
import { initialPostList, type PostListState } from './post-list-state';
import { PostTimeline, roundedEstimate } from './PostTimeline';
import type { PostListApi } from './usePostList';

const emptyList = listAnswer();

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

  it('says an estimated total is approximate, to two significant digits', async () => {
    expect(await countText({ total: 523000, totalKind: 'estimate' })).toBe('Showing 0 of about 520,000 posts');
  });

  it('rounds a planner estimate instead of claiming its last digits', async () => {
    expect(await countText({ total: 58412, totalKind: 'estimate' })).toBe('Showing 0 of about 58,000 posts');
  });

  it('never estimates fewer posts than it shows', () => {
    expect(roundedEstimate(1049, 1045)).toBe(1045);
    expect(roundedEstimate(87, 20)).toBe(87);
    expect(roundedEstimate(1_460, 20)).toBe(1_500);
  });

  describe('in another language', () => {
    afterEach(() => changeLanguage('en'));

    it('writes the numbers as that language does', async () => {
      await changeLanguage('es');
      expect(await countText({ total: 523000, totalKind: 'exact' })).toBe('Mostrando 0 de 523.000 publicaciones');
    });
  });
});
