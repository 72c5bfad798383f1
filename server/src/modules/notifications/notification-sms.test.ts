import { describe, expect, it } from 'vitest';
import { notificationSms } from './notification-delivery.service';

describe('notificationSms', () => {
  const link = 'https://reports.example.org/posts/12';

  it('names the set, the post and its link', () => {
    expect(notificationSms('Floods', 'Bridge washed away', link)).toBe(`New post in Floods: Bridge washed away ${link}`);
  });

  it('shortens a long title so the text stays within two SMS segments, the link whole', () => {
    const text = notificationSms('Floods', 'x'.repeat(1000), link);
    expect(text).toHaveLength(306);
    expect(text.endsWith(`… ${link}`)).toBe(true);
  });
});
