import { z } from 'zod';

/** The parts of a screen that fail on their own (issue 30): each has its own error boundary. */
export const SCREEN_REGIONS = ['list', 'post', 'map', 'settings', 'page'] as const;
export type ScreenRegion = (typeof SCREEN_REGIONS)[number];

/**
 * `POST /api/v3/client-errors`: a screen region that failed in a browser, for the server's log
 * (this platform's own addition to the v3 contract; no existing client sends it).
 */
export const ClientErrorReport = z
  .object({
    region: z.enum(SCREEN_REGIONS),
    route: z.string().min(1).max(2000),
    message: z.string().max(2000),
    stack: z.string().max(8000).optional(),
  })
  .strict();
export type ClientErrorReport = z.infer<typeof ClientErrorReport>;
