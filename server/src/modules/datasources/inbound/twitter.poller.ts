import type { AppContext } from '../../../context';
import { textOption, type ProviderSettings } from '../datasources.settings';
import type { InboundMessage, InboundService } from '../inbound.service';
import { joinUrl } from '../outbound/sender';

/** Pages of 100 tweets read per round at most (the newest first); older ones wait for the next round. */
const PAGES_PER_ROUND = 5;
/** Without an `x-rate-limit-reset` header, a 429 waits a full rate-limit window. */
const DEFAULT_BACKOFF_MS = 15 * 60 * 1000;

export type TwitterPollResult = { read: number; stored: number; duplicates: number; skipped: string | null };

type Tweet = {
  id: string;
  text: string;
  author_id?: string;
  created_at?: string;
  geo?: { place_id?: string; coordinates?: { type: string; coordinates: [number, number] } };
};
type User = { id: string; username: string; name?: string };
type Place = { id: string; full_name?: string; geo?: { bbox?: number[] } };
type SearchPage = { data?: Tweet[]; includes?: { users?: User[]; places?: Place[] }; meta?: { next_token?: string } };

/** The configured terms ("flood, burst pipe") as a v2 query: any of them, a term of several words as all of its words. */
export function searchQuery(terms: string): string {
  return terms
    .split(',')
    .map((t) => t.trim().replace(/\s+/g, ' '))
    .filter((t) => t !== '')
    .map((t) => (t.includes(' ') ? `(${t})` : t))
    .join(' OR ');
}

/** A tweet and what the search's expansions say of its author and place, as an incoming message. */
export function tweetToMessage(tweet: Tweet, users: Map<string, User>, places: Map<string, Place>): InboundMessage {
  const author = tweet.author_id ? users.get(tweet.author_id) : undefined;
  const place = tweet.geo?.place_id ? places.get(tweet.geo.place_id) : undefined;
  const created = tweet.created_at ? new Date(tweet.created_at) : null;
  const point = tweet.geo?.coordinates?.type === 'Point' ? tweet.geo.coordinates.coordinates : null;
  return {
    from: { type: 'twitter', contact: author?.username ?? tweet.author_id ?? 'unknown' },
    to: null,
    text: tweet.text,
    providerMessageId: tweet.id,
    sentAt: created && !Number.isNaN(created.getTime()) ? created : null,
    fields: { Place: place?.full_name ?? null },
    additional: {
      author: { id: tweet.author_id ?? null, username: author?.username ?? null, name: author?.name ?? null },
      place: place ? { id: place.id, full_name: place.full_name ?? null, bbox: place.geo?.bbox ?? null } : null,
      ...(point ? { location: { lon: point[0], lat: point[1] } } : {}),
    },
  };
}

/** Tweet ids are 64-bit numbers as text: compared by length, then digits. */
const byId = (a: { id: string }, b: { id: string }) => a.id.length - b.id.length || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

/**
 * The Twitter data source (issue 23 item 5): reads the recent search (API v2) for the configured
 * terms with an app-only bearer token (from the consumer key and secret, OAuth 2 client
 * credentials), since the newest tweet already stored, and stores each tweet once by its id
 * through the inbound service (a post with source twitter where a survey is mapped). A 429 stops
 * reading until the `x-rate-limit-reset` time; other failures are logged and read next round.
 */
export function createTwitterPoller(ctx: AppContext, inbound: InboundService, options: { apiUrl: string; timeoutMs: number }) {
  let bearer: { credentials: string; token: string } | null = null;
  let blockedUntil = 0;
  let running: Promise<TwitterPollResult> | null = null;
  const logger = ctx.logger;

  async function tokenFor(settings: ProviderSettings): Promise<string | { error: string }> {
    const key = textOption(settings.values, 'consumer_key');
    const secret = textOption(settings.values, 'consumer_secret');
    if (!key || !secret) return { error: 'The consumer key or secret is missing' };
    const credentials = Buffer.from(`${encodeURIComponent(key)}:${encodeURIComponent(secret)}`).toString('base64');
    if (bearer?.credentials === credentials) return bearer.token;
    const res = await fetch(joinUrl(options.apiUrl, 'oauth2/token'), {
      method: 'POST',
      headers: { Authorization: `Basic ${credentials}`, 'Content-Type': 'application/x-www-form-urlencoded;charset=UTF-8' },
      body: 'grant_type=client_credentials',
      signal: AbortSignal.timeout(options.timeoutMs),
    });
    const body = (await res.json().catch(() => null)) as { token_type?: string; access_token?: string } | null;
    if (!res.ok || body?.token_type?.toLowerCase() !== 'bearer' || !body.access_token)
      return { error: `Twitter refused the consumer key and secret (${res.status})` };
    bearer = { credentials, token: body.access_token };
    return bearer.token;
  }

  /** The newest tweet id stored: the search starts after it. */
  const newestStored = async (): Promise<string | null> =>
    (
      await ctx.db
        .selectFrom('messages')
        .select('data_source_message_id as id')
        .where('data_source', '=', 'twitter')
        .where('direction', '=', 'incoming')
        .where('data_source_message_id', 'is not', null)
        .orderBy((eb) => eb.fn('length', ['data_source_message_id']), 'desc')
        .orderBy('data_source_message_id', 'desc')
        .limit(1)
        .executeTakeFirst()
    )?.id ?? null;

  async function pollOnce(): Promise<TwitterPollResult> {
    const result: TwitterPollResult = { read: 0, stored: 0, duplicates: 0, skipped: null };
    const settings = await inbound.settingsOf('twitter');
    if (!settings?.enabled) return { ...result, skipped: 'disabled' };
    const now = ctx.now().getTime();
    if (now < blockedUntil) return { ...result, skipped: 'rate-limited' };
    const query = searchQuery(textOption(settings.values, 'twitter_search_terms'));
    if (query === '') return { ...result, skipped: 'no search terms' };
    const where = { provider: 'twitter' };
    const tweets: Tweet[] = [];
    const users = new Map<string, User>();
    const places = new Map<string, Place>();
    try {
      const token = await tokenFor(settings);
      if (typeof token !== 'string') {
        logger.warn({ ...where, error: token.error }, 'Twitter source could not sign in; trying again next round');
        return { ...result, skipped: 'error' };
      }
      const sinceId = await newestStored();
      let next: string | undefined;
      for (let page = 0; page < PAGES_PER_ROUND; page++) {
        const params = new URLSearchParams({
          query,
          max_results: '100',
          expansions: 'author_id,geo.place_id',
          'tweet.fields': 'created_at,geo',
          'user.fields': 'username,name',
          'place.fields': 'geo,full_name',
        });
        if (sinceId) params.set('since_id', sinceId);
        if (next) params.set('next_token', next);
        const res = await fetch(`${joinUrl(options.apiUrl, '2/tweets/search/recent')}?${params}`, {
          headers: { Authorization: `Bearer ${token}` },
          signal: AbortSignal.timeout(options.timeoutMs),
        });
        if (res.status === 429) {
          const reset = Number(res.headers.get('x-rate-limit-reset'));
          blockedUntil = Number.isFinite(reset) && reset > 0 ? reset * 1000 : now + DEFAULT_BACKOFF_MS;
          logger.warn(
            { ...where, until: new Date(blockedUntil).toISOString() },
            'Twitter rate limit reached; searching again after the reset',
          );
          // Pages read so far are the newest: storing them would move since_id past the unread ones.
          return { ...result, skipped: 'rate-limited' };
        }
        if (res.status === 401) bearer = null;
        if (!res.ok) {
          const detail = ((await res.json().catch(() => null)) as { title?: string; detail?: string } | null) ?? {};
          logger.warn(
            { ...where, status: res.status, error: detail.detail ?? detail.title ?? null },
            'Twitter search failed; trying again next round',
          );
          return { ...result, skipped: 'error' };
        }
        const body = (await res.json()) as SearchPage;
        tweets.push(...(body.data ?? []));
        for (const user of body.includes?.users ?? []) users.set(user.id, user);
        for (const place of body.includes?.places ?? []) places.set(place.id, place);
        next = body.meta?.next_token;
        if (!next) break;
      }
    } catch (error) {
      const err = error as { name?: string; message?: string; cause?: { code?: string; message?: string } };
      const detail = err.cause?.code ?? err.cause?.message ?? (err.name === 'TimeoutError' ? 'timeout' : err.message);
      logger.warn({ ...where, error: detail }, 'Twitter could not be reached; trying again next round');
      return { ...result, skipped: 'error' };
    }
    // Oldest first, so an interrupted round never leaves an older tweet behind the newest stored.
    for (const tweet of tweets.sort(byId)) {
      result.read += 1;
      const outcome = await inbound.receive(settings, tweetToMessage(tweet, users, places));
      if (outcome.outcome === 'stored') result.stored += 1;
      else if (outcome.outcome === 'duplicate') result.duplicates += 1;
    }
    if (result.read > 0) logger.info({ ...where, ...result }, 'Twitter source read new tweets');
    return result;
  }

  return {
    /** One round; a round asked for while one runs in this process joins it. */
    poll(): Promise<TwitterPollResult> {
      running ??= pollOnce().finally(() => {
        running = null;
      });
      return running;
    },
  };
}

export type TwitterPoller = ReturnType<typeof createTwitterPoller>;
