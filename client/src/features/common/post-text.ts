import type { Post, PostStatus } from '@platform/shared';

/** Card text is cut at this many characters (spec 2 section 9). */
export const CARD_TEXT_MAX = 150;

/** Markdown reduced to its words, for one-line excerpts: no images, link targets, markup or runs of spaces. */
export function plainText(markdown: string): string {
  return markdown
    .replace(/<[^>]*>/g, ' ')
    .replace(/!\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/^\s{0,3}(#{1,6}|>|[-*+]|\d+\.)\s+/gm, '')
    .replace(/[*_~`]+/g, '')
    .replace(/\s+/g, ' ')
    .trim();
}

/** At most `max` characters, cut at a word where one is near, with an ellipsis when cut. */
export function truncate(text: string, max = CARD_TEXT_MAX): string {
  const chars = Array.from(text.trim());
  if (chars.length <= max) return chars.join('');
  const cut = chars.slice(0, max).join('');
  const space = cut.lastIndexOf(' ');
  return `${(space > max * 0.6 ? cut.slice(0, space) : cut).trimEnd()}…`;
}

/** The card's heading: the title, or the first 150 characters of the content when there is none (spec 2 screen 2). */
export function cardTitle(post: Pick<Post, 'title' | 'content'>): string {
  const title = post.title.trim();
  return title ? title : truncate(plainText(post.content));
}

/** The card's short content; empty when the heading already shows it. */
export function cardExcerpt(post: Pick<Post, 'title' | 'content'>): string {
  return post.title.trim() ? truncate(plainText(post.content)) : '';
}

const sameDay = (a: Date, b: Date) => a.getFullYear() === b.getFullYear() && a.getMonth() === b.getMonth() && a.getDate() === b.getDate();

/**
 * Today's dates read as relative time ("3 hours ago"), older ones as a long date (spec 2 section
 * 9); `now` and `locale` come in so that tests are exact.
 */
export function relativeDate(date: Date, now: Date, locale: string): string {
  if (!sameDay(date, now)) return new Intl.DateTimeFormat(locale, { dateStyle: 'long' }).format(date);
  const rtf = new Intl.RelativeTimeFormat(locale, { numeric: 'auto' });
  const minutes = Math.round((date.getTime() - now.getTime()) / 60_000);
  if (Math.abs(minutes) < 1) return rtf.format(0, 'second');
  if (Math.abs(minutes) < 60) return rtf.format(minutes, 'minute');
  return rtf.format(Math.round(minutes / 60), 'hour');
}

/** The full date and time for the tooltip. */
export const fullDate = (date: Date, locale: string): string =>
  new Intl.DateTimeFormat(locale, { dateStyle: 'full', timeStyle: 'short' }).format(date);

/** i18n key of a status label: draft is shown as "Under review" (spec 2 section 4). */
export const statusKey = (status: PostStatus): string => `post.status.${status}`;

/** i18n key of a source; null and API posts are web (API-CONTRACT 8.4). */
export function sourceKey(source: string | null): string {
  const known = ['sms', 'email', 'twitter', 'web', 'whatsapp'];
  return `post.source.${source && known.includes(source) ? source : source ? 'other' : 'web'}`;
}
