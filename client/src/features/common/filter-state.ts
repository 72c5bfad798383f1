import { DEFAULT_STATUS_FILTER, type PostListQuery } from '@platform/shared';
import type { QueryValue } from '../../api/query';
import { dayEnd, dayOf, dayStart } from '../../i18n/days';

/** Sort columns the filters offer (spec 2 section 9). */
export const SORT_OPTIONS = ['created', 'post_date', 'updated'] as const;
export const ORDER_OPTIONS = ['desc', 'asc'] as const;
export const STATUS_OPTIONS = ['published', 'draft', 'archived'] as const;
/** Sources the filters know (spec 2 section 9: sms, twitter, web, email by default). */
export const SOURCE_OPTIONS = ['email', 'sms', 'twitter', 'web'] as const;
export const RADIUS_OPTIONS = [1, 10, 50, 100, 500] as const;
export const HAS_LOCATION_OPTIONS = ['all', 'mapped', 'unmapped'] as const;
/** Radius sent when a centre is set without one (spec 2 section 5); the dropdown's own default is 1. */
export const SENT_RADIUS_DEFAULT = 10;

export type SurveyChoice = number | 'none';

/**
 * The filter set of spec 2 section 3. Empty `form` and `source` lists mean "all"; `radius` is null
 * until chosen (the server then gets the sent default).
 */
export type PostFilters = {
  q: string;
  orderby: (typeof SORT_OPTIONS)[number];
  order: (typeof ORDER_OPTIONS)[number];
  unlockedOnTop: boolean;
  status: string[];
  tags: number[];
  form: SurveyChoice[];
  source: string[];
  dateAfter: string;
  dateBefore: string;
  /** `lat,lon` of the location filter, or empty. */
  center: string;
  /** A readable name for the centre (a picked place), kept in the URL for the chip. */
  place: string;
  radius: number | null;
  hasLocation: (typeof HAS_LOCATION_OPTIONS)[number];
};

/**
 * What the post filters send: each filter under its name in `PostListQuery`, the shared schema the
 * server reads it with, so a misspelt or unknown filter does not compile. The sort keys are read by
 * the list itself (API-CONTRACT 8.4).
 */
export type PostFilterQuery = { [K in keyof PostListQuery]?: QueryValue } & {
  orderby?: PostFilters['orderby'];
  order?: PostFilters['order'];
  order_unlocked_on_top?: 'true' | 'false';
};

export const DEFAULT_FILTERS: PostFilters = {
  q: '',
  orderby: 'created',
  order: 'desc',
  unlockedOnTop: true,
  status: [...DEFAULT_STATUS_FILTER],
  tags: [],
  form: [],
  source: [],
  dateAfter: '',
  dateBefore: '',
  center: '',
  place: '',
  radius: null,
  hasLocation: 'all',
};

const LAT_LON = /^\s*([-+]?\d{1,2}(?:\.\d+)?)\s*,\s*([-+]?\d{1,3}(?:\.\d+)?)\s*$/;

/** `lat,lon` text as a point, when it is one (spec 2 section 5: the location filter accepts it directly). */
export function parseLatLon(text: string): { lat: number; lon: number } | null {
  const match = LAT_LON.exec(text);
  if (!match) return null;
  const lat = Number(match[1]);
  const lon = Number(match[2]);
  return Math.abs(lat) <= 90 && Math.abs(lon) <= 180 ? { lat, lon } : null;
}

const list = (value: string | null): string[] =>
  (value ?? '')
    .split(',')
    .map((v) => v.trim())
    .filter(Boolean);
const sameSet = (a: readonly unknown[], b: readonly unknown[]) => a.length === b.length && a.every((v) => b.includes(v));
const oneOf = <T extends string>(options: readonly T[], value: string | null, fallback: T): T =>
  options.includes(value as T) ? (value as T) : fallback;

/** Reads the filters from the page's search params; anything unreadable keeps its default. */
export function filtersFromParams(params: URLSearchParams): PostFilters {
  const status = list(params.get('status')).filter((s) => (STATUS_OPTIONS as readonly string[]).includes(s));
  const radius = Number(params.get('within_km'));
  const center = params.get('center_point') ?? '';
  return {
    q: (params.get('q') ?? '').slice(0, 255),
    orderby: oneOf(SORT_OPTIONS, params.get('orderby'), DEFAULT_FILTERS.orderby),
    order: oneOf(ORDER_OPTIONS, params.get('order'), DEFAULT_FILTERS.order),
    unlockedOnTop: params.get('order_unlocked_on_top') !== 'false',
    status: status.length > 0 ? status : [...DEFAULT_FILTERS.status],
    tags: list(params.get('tags'))
      .map(Number)
      .filter((n) => Number.isInteger(n) && n > 0),
    form: list(params.get('form')).flatMap((v): SurveyChoice[] => (v === 'none' ? ['none'] : /^\d+$/.test(v) ? [Number(v)] : [])),
    source: list(params.get('source')).filter((s) => /^[a-z]{1,30}$/.test(s)),
    dateAfter: dayOf(params.get('date_after') ?? ''),
    dateBefore: dayOf(params.get('date_before') ?? ''),
    center: parseLatLon(center) ? center : '',
    place: parseLatLon(center) ? (params.get('place') ?? '').slice(0, 250) : '',
    radius: Number.isFinite(radius) && radius > 0 && radius <= 20_000 ? radius : null,
    hasLocation: oneOf(HAS_LOCATION_OPTIONS, params.get('has_location'), DEFAULT_FILTERS.hasLocation),
  };
}

/** The filters that differ from the defaults, as search params (the URL a filtered view is shared by). */
export function filtersToParams(filters: PostFilters, base?: URLSearchParams): URLSearchParams {
  const params = new URLSearchParams(base);
  const set = (key: string, value: string | null) => (value === null ? params.delete(key) : params.set(key, value));
  set('q', filters.q.trim() ? filters.q.trim() : null);
  set('orderby', filters.orderby !== DEFAULT_FILTERS.orderby ? filters.orderby : null);
  set('order', filters.order !== DEFAULT_FILTERS.order ? filters.order : null);
  set('order_unlocked_on_top', filters.unlockedOnTop ? null : 'false');
  set('status', sameSet(filters.status, DEFAULT_FILTERS.status) || filters.status.length === 0 ? null : filters.status.join(','));
  set('tags', filters.tags.length ? filters.tags.join(',') : null);
  set('form', filters.form.length ? filters.form.join(',') : null);
  set('source', filters.source.length ? filters.source.join(',') : null);
  set('date_after', filters.dateAfter || null);
  set('date_before', filters.dateBefore || null);
  set('center_point', filters.center || null);
  set('place', filters.center && filters.place ? filters.place : null);
  set('within_km', filters.center && filters.radius !== null ? String(filters.radius) : null);
  set('has_location', filters.hasLocation !== 'all' ? filters.hasLocation : null);
  return params;
}

/** How many filters differ from the defaults (the count on the filters button). */
export function changedFilterCount(filters: PostFilters, defaultStatus: readonly string[] = DEFAULT_FILTERS.status): number {
  const d = DEFAULT_FILTERS;
  return [
    filters.q.trim() !== '',
    filters.orderby !== d.orderby || filters.order !== d.order || filters.unlockedOnTop !== d.unlockedOnTop,
    !sameSet(filters.status, defaultStatus),
    filters.tags.length > 0,
    filters.form.length > 0,
    filters.source.length > 0,
    filters.dateAfter !== '' || filters.dateBefore !== '',
    filters.center !== '',
    filters.hasLocation !== 'all',
  ].filter(Boolean).length;
}

/**
 * The API query of the filters (API-CONTRACT 8.4): the status and the sort are always sent (the
 * server's own status default is published only), every other filter only when it is not the
 * default (spec 2 section 5). `form` is left out with `withoutForm` (the per-survey counts).
 */
export function filtersToQuery(filters: PostFilters, options: { withoutForm?: boolean; withoutSort?: boolean } = {}): PostFilterQuery {
  const query: PostFilterQuery = {};
  if (!options.withoutSort) {
    query.orderby = filters.orderby;
    query.order = filters.order;
    query.order_unlocked_on_top = filters.unlockedOnTop ? 'true' : 'false';
  }
  query.status = filters.status.length > 0 ? filters.status : DEFAULT_FILTERS.status;
  if (filters.q.trim()) query.q = filters.q.trim();
  if (filters.tags.length) query.tags = filters.tags;
  if (filters.form.length && !options.withoutForm) query.form = filters.form;
  if (filters.source.length) query.source = filters.source;
  // The days are the viewer's own: a post shown as made late on the 10th is in a range ending on the 10th.
  if (filters.dateAfter) query.date_after = dayStart(filters.dateAfter);
  if (filters.dateBefore) query.date_before = dayEnd(filters.dateBefore);
  const point = parseLatLon(filters.center);
  if (point) {
    query.center_point = `${point.lat},${point.lon}`;
    query.within_km = filters.radius ?? SENT_RADIUS_DEFAULT;
  }
  if (filters.hasLocation !== 'all') query.has_location = filters.hasLocation;
  return query;
}
