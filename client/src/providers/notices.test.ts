import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../api/errors';
import { apiErrorTexts } from '../features/notices/api-error-text';
import { createNotices, NOTICE_TIMEOUT_MS } from './notices';

describe('notices', () => {
  it('close by themselves after 5 seconds', () => {
    vi.useFakeTimers();
    try {
      const notices = createNotices();
      notices.success('Saved');
      expect(notices.getSnapshot()).toHaveLength(1);
      vi.advanceTimersByTime(NOTICE_TIMEOUT_MS - 1);
      expect(notices.getSnapshot()).toHaveLength(1);
      vi.advanceTimersByTime(1);
      expect(notices.getSnapshot()).toEqual([]);
      expect(NOTICE_TIMEOUT_MS).toBe(5000);
    } finally {
      vi.useRealTimers();
    }
  });

  it('can stay until closed', () => {
    vi.useFakeTimers();
    try {
      const notices = createNotices();
      const id = notices.permanent('warning', 'Debug mode is on');
      vi.advanceTimersByTime(60_000);
      expect(notices.getSnapshot()).toHaveLength(1);
      notices.dismiss(id);
      expect(notices.getSnapshot()).toEqual([]);
    } finally {
      vi.useRealTimers();
    }
  });

  it('list every message of an API error in a warning', () => {
    const notices = createNotices({ setTimer: (() => 0) as unknown as typeof setTimeout });
    notices.apiError(
      new ApiError(422, [
        { status: 422, message: 'one' },
        { status: 422, message: 'two' },
      ]),
      'Could not save',
    );
    expect(notices.getSnapshot()[0]).toMatchObject({ kind: 'warning', message: 'Could not save', details: ['one', 'two'] });
  });

  it('turn plan-limit titles into their texts', () => {
    const t = ((key: string) => `t:${key}`) as never;
    const error = new ApiError(422, [
      { status: 422, message: 'Failed to validate post entity' },
      { status: 422, title: 'limit::posts', message: 'limit::posts', source: { pointer: '/status' } },
      { status: 422, title: 'limit::admin', message: 'limit::admin' },
    ]);
    expect(apiErrorTexts(t, error)).toEqual([
      'Failed to validate post entity',
      't:limit.post_limit_reached',
      't:limit.admin_limit_reached',
    ]);
  });
});
