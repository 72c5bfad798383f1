import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithApp } from '../../test/harness';
import { PostTweet, tweetUrl } from './PostTweet';

describe('the tweet of a Twitter-sourced post (spec 2 screen 2)', () => {
  it('links to the tweet by its id at Twitter', () => {
    expect(tweetUrl({ source: 'twitter', data_source_message_id: '1849201938475610112' })).toBe(
      'https://twitter.com/i/web/status/1849201938475610112',
    );
  });

  it('has none for other sources, posts without a message id, or an id that is not a tweet id', () => {
    expect(tweetUrl({ source: 'sms', data_source_message_id: '1849201938475610112' })).toBeNull();
    expect(tweetUrl({ source: 'twitter', data_source_message_id: null })).toBeNull();
    expect(tweetUrl({ source: 'twitter', data_source_message_id: '../../evil' })).toBeNull();
    expect(tweetUrl({ source: 'twitter', data_source_message_id: '1'.repeat(21) })).toBeNull();
  });

  it('quotes the tweet, cites it and opens it apart from the platform', async () => {
    const url = 'https://twitter.com/i/web/status/42';
    await renderWithApp(<PostTweet url={url} text="Water rising on Moi Avenue" />, { route: '/views/data' });
    const link = await screen.findByRole('link', { name: 'View the tweet on Twitter' });
    expect(link.closest('blockquote')?.getAttribute('cite')).toBe(url);
    expect(screen.getByText('Water rising on Moi Avenue')).toBeTruthy();
    expect(link.getAttribute('href')).toBe(url);
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toContain('noopener');
  });
});
