import type { Post } from '@platform/shared';
import { useTranslation } from 'react-i18next';

/** The original tweet of a Twitter-sourced post: its id is the message's id at Twitter. */
export function tweetUrl(post: Pick<Post, 'source' | 'data_source_message_id'>): string | null {
  const id = post.data_source_message_id;
  return post.source === 'twitter' && id && /^\d{1,20}$/.test(id) ? `https://twitter.com/i/web/status/${id}` : null;
}

/**
 * The tweet widget of spec 2 screen 2, drawn by the platform itself: the tweet's words as a quote
 * that cites the tweet, and a link to it. Twitter's own widget script is not loaded, so a card
 * does not reach a third party for every visitor and still shows where the platform has no
 * internet.
 */
export function PostTweet({ url, text }: { url: string; text: string }) {
  return (
    <blockquote className="post-tweet" cite={url}>
      {text ? <p dir="auto">{text}</p> : null}
      <TweetLink url={url} />
    </blockquote>
  );
}

/** The link to the original tweet, opened apart from the platform (the post detail shows it under the text). */
export function TweetLink({ url }: { url: string }) {
  const { t } = useTranslation();
  return (
    <a href={url} target="_blank" rel="noopener noreferrer">
      {t('post.view_tweet')}
    </a>
  );
}
