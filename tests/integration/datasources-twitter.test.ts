import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTwitterPoller } from '../../server/src/modules/datasources/inbound/twitter.poller';
import { configureProvider, incomingFrom } from './helpers/gateways';
import { makePostCallers, type PostCallers } from './helpers/posts';
import { startTestServer, type TestServer } from './helpers/server';
import { startTwitterApi } from './helpers/twitter-api';
import { newAttribute, newForm, newStage } from './helpers/surveys';

const app = { consumerKey: 'consumer-key-1', consumerSecret: 'consumer-secret-do-not-log', bearerToken: 'AAAA-bearer-token' };

let server: TestServer & { close: () => Promise<void> };
let twitter: Awaited<ReturnType<typeof startTwitterApi>>;
let who: PostCallers;
let form: { id: number };
let placeKey: string;
let clock = new Date('2026-11-26T12:00:00Z');
const lines: string[] = [];
let poller: ReturnType<typeof createTwitterPoller>;

const settings = (extra: Record<string, unknown> = {}) => ({
  consumer_key: app.consumerKey,
  consumer_secret: app.consumerSecret,
  oauth_access_token: 'unused-access-token',
  oauth_access_token_secret: 'unused-access-secret',
  twitter_search_terms: 'flood, burst pipe',
  form_id: form.id,
  inbound_fields: { Place: placeKey },
  ...extra,
});

beforeAll(async () => {
  twitter = await startTwitterApi(app);
  // The node's own scheduled poll goes nowhere; the test's poller (its clock, its log) reads the local API.
  server = await startTestServer({ env: { TWITTER_API_BASE_URL: 'http://127.0.0.1:1', DATASOURCE_HTTP_TIMEOUT_MS: '3000' } });
  who = await makePostCallers(server);
  form = await newForm(server, who.admin, {});
  const stage = await newStage(server, who.admin, form.id);
  placeKey = (await newAttribute(server, who.admin, form.id, stage.id, { type: 'varchar', input: 'text', label: 'Place' })).key;
  const log = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(chunk.toString());
      done();
    },
  });
  poller = createTwitterPoller({ ...server.ctx, logger: pino({ level: 'info' }, log), now: () => clock }, server.services.inbound, {
    apiUrl: twitter.url,
    timeoutMs: 3000,
  });
  await configureProvider(server, who.admin, 'twitter', settings());
}, 60000);
afterAll(async () => {
  await server?.close();
  await twitter?.close();
});

/** One v2 recent-search page, as Twitter answers with author and place expansions. */
const page = (tweets: { id: string; text: string; author: string; place?: boolean }[], nextToken?: string) => ({
  status: 200,
  body: {
    data: tweets.map((t) => ({
      id: t.id,
      text: t.text,
      author_id: `9${t.author.length}00`,
      created_at: '2026-11-26T11:58:00.000Z',
      edit_history_tweet_ids: [t.id],
      ...(t.place ? { geo: { place_id: '01a9a39529b27f36' } } : {}),
    })),
    includes: {
      users: tweets.map((t) => ({ id: `9${t.author.length}00`, name: `${t.author} Name`, username: t.author })),
      places: tweets.some((t) => t.place)
        ? [
            {
              id: '01a9a39529b27f36',
              full_name: 'Manhattan, NY',
              geo: { type: 'Feature', bbox: [-74.026675, 40.683935, -73.910408, 40.877483], properties: {} },
            },
          ]
        : [],
    },
    meta: {
      newest_id: tweets[0]?.id,
      oldest_id: tweets.at(-1)?.id,
      result_count: tweets.length,
      ...(nextToken ? { next_token: nextToken } : {}),
    },
  },
});

const tweetsStored = async () => incomingFrom(server, 'twitter');

describe('Twitter data source', () => {
  it('searches with the bearer token and the exact v2 query, and makes each tweet a message and a post with its author and place', async () => {
    twitter.answerSearches(
      page([{ id: '1800000000000000003', text: 'Flood on 5th avenue', author: 'nycwatch', place: true }], 'next-page-1'),
      page([{ id: '1800000000000000001', text: 'burst pipe in the subway', author: 'rider' }]),
    );
    expect(await poller.poll()).toMatchObject({ read: 2, stored: 2, skipped: null });
    const token = twitter.requests.find((r) => r.path === '/oauth2/token')!;
    expect(token.headers.authorization).toBe(`Basic ${Buffer.from(`${app.consumerKey}:${app.consumerSecret}`).toString('base64')}`);
    expect(token.body).toBe('grant_type=client_credentials');
    const [first, second, ...more] = twitter.searches();
    expect(more).toEqual([]);
    expect(first!.headers.authorization).toBe(`Bearer ${app.bearerToken}`);
    expect(Object.fromEntries(first!.query)).toEqual({
      query: 'flood OR (burst pipe)',
      max_results: '100',
      expansions: 'author_id,geo.place_id',
      'tweet.fields': 'created_at,geo',
      'user.fields': 'username,name',
      'place.fields': 'geo,full_name',
    });
    expect(second!.query.get('next_token')).toBe('next-page-1');
    const rows = await tweetsStored();
    expect(rows.map((r) => [r.data_source_message_id, r.contact, r.contact_type, r.message])).toEqual([
      ['1800000000000000001', 'rider', 'twitter', 'burst pipe in the subway'],
      ['1800000000000000003', 'nycwatch', 'twitter', 'Flood on 5th avenue'],
    ]);
    const post = await server.ctx.db
      .selectFrom('posts')
      .select(['title', 'source', 'form_id', 'values', 'data_source_message_id'])
      .where('message_id', '=', rows[1]!.id)
      .executeTakeFirstOrThrow();
    expect(post).toMatchObject({
      title: 'Flood on 5th avenue',
      source: 'twitter',
      form_id: form.id,
      data_source_message_id: '1800000000000000003',
      values: { [placeKey]: ['Manhattan, NY'] },
    });
    const message = await server.api.get(`/messages/${rows[1]!.id}`, { token: who.manager.token });
    expect(message.body.additional_data).toMatchObject({
      author: { id: '9800', username: 'nycwatch', name: 'nycwatch Name' },
      place: { id: '01a9a39529b27f36', full_name: 'Manhattan, NY' },
    });
  });

  it('asks only for tweets after the newest stored (since_id) and stores a tweet seen again only once', async () => {
    twitter.answerSearches(
      page([
        { id: '1800000000000000004', text: 'Flood reaches the park', author: 'nycwatch' },
        { id: '1800000000000000003', text: 'Flood on 5th avenue', author: 'nycwatch', place: true },
      ]),
    );
    const before = twitter.searches().length;
    expect(await poller.poll()).toMatchObject({ read: 2, stored: 1, duplicates: 1 });
    expect(twitter.searches()[before]!.query.get('since_id')).toBe('1800000000000000003');
    const ids = (await tweetsStored()).map((r) => r.data_source_message_id);
    expect(ids).toEqual(['1800000000000000001', '1800000000000000003', '1800000000000000004']);
  });

  it('backs off on 429 until x-rate-limit-reset, then searches again', async () => {
    const reset = Math.floor(clock.getTime() / 1000) + 900;
    twitter.answerSearches({
      status: 429,
      headers: { 'x-rate-limit-limit': '450', 'x-rate-limit-remaining': '0', 'x-rate-limit-reset': String(reset) },
      body: { title: 'Too Many Requests', detail: 'Too Many Requests', type: 'about:blank', status: 429 },
    });
    const before = twitter.searches().length;
    expect(await poller.poll()).toMatchObject({ skipped: 'rate-limited' });
    clock = new Date((reset - 1) * 1000);
    expect(await poller.poll()).toMatchObject({ skipped: 'rate-limited' });
    expect(twitter.searches().length).toBe(before + 1);
    expect(lines.join('\n')).toContain('Twitter rate limit reached');
    clock = new Date(reset * 1000 + 1000);
    twitter.answerSearches(page([{ id: '1800000000000000005', text: 'Flood warning lifted', author: 'nycwatch' }]));
    expect(await poller.poll()).toMatchObject({ stored: 1, skipped: null });
    expect(twitter.searches().length).toBe(before + 2);
  });

  it('logs refused credentials without the secret and keeps running; reads nothing while switched off', async () => {
    await configureProvider(server, who.admin, 'twitter', settings({ consumer_secret: 'wrong-secret-do-not-log' }));
    expect(await poller.poll()).toMatchObject({ skipped: 'error' });
    const logged = lines.join('\n');
    expect(logged).toContain('Twitter refused the consumer key and secret (403)');
    expect(logged).not.toContain('wrong-secret-do-not-log');
    expect(logged).not.toContain(app.consumerSecret);
    await configureProvider(server, who.admin, 'twitter', settings(), false);
    const before = twitter.requests.length;
    expect(await poller.poll()).toMatchObject({ skipped: 'disabled' });
    expect(twitter.requests.length).toBe(before);
    await configureProvider(server, who.admin, 'twitter', settings());
    expect(await poller.poll()).toMatchObject({ skipped: null });
  });

  it('logs an unreachable API and reads nothing', async () => {
    const { logger, lines: logged } = (() => {
      const captured: string[] = [];
      const stream = new Writable({
        write(chunk: Buffer, _encoding, done) {
          captured.push(chunk.toString());
          done();
        },
      });
      return { logger: pino({ level: 'info' }, stream), lines: captured };
    })();
    // A port that was free a moment ago: nothing listens there.
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const { port } = closed.address() as AddressInfo;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const unreachable = createTwitterPoller({ ...server.ctx, logger }, server.services.inbound, {
      apiUrl: `http://127.0.0.1:${port}`,
      timeoutMs: 3000,
    });
    expect(await unreachable.poll()).toMatchObject({ read: 0, skipped: 'error' });
    expect(logged.join('\n')).toContain('ECONNREFUSED');
  });

  it('drops a bearer token Twitter no longer accepts and signs in again next round', async () => {
    twitter.answerSearches({ status: 401, body: { title: 'Unauthorized', type: 'about:blank', status: 401, detail: 'Unauthorized' } });
    expect(await poller.poll()).toMatchObject({ skipped: 'error' });
    const tokensBefore = twitter.requests.filter((r) => r.path === '/oauth2/token').length;
    expect(await poller.poll()).toMatchObject({ skipped: null });
    expect(twitter.requests.filter((r) => r.path === '/oauth2/token').length).toBe(tokensBefore + 1);
  });
});
