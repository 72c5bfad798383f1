import type { ListEnvelope } from '@platform/shared';
import type { Request } from 'express';
import type { Paging } from './query';

function pageUrl(req: Request, offset: number, limit: number | null): string {
  const url = new URL(req.originalUrl, req.base);
  url.searchParams.set('offset', String(offset));
  if (limit !== null) url.searchParams.set('limit', String(limit));
  return `${req.base}${url.pathname}${url.search}`;
}

/** The list envelope shared by every search endpoint (API-CONTRACT 14.1). */
export function listEnvelope<T>(req: Request, results: T[], paging: Paging, totalCount: number): ListEnvelope<T> {
  const { limit, offset } = paging;
  const step = limit ?? results.length;
  return {
    count: results.length,
    results,
    limit,
    offset,
    order: paging.order,
    orderby: paging.orderby,
    curr: pageUrl(req, offset, limit),
    next: pageUrl(req, offset + step, limit),
    prev: pageUrl(req, Math.max(offset - step, 0), limit),
    total_count: totalCount,
  };
}
