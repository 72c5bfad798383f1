import { createApiClient } from './client';

/** The tab's API client; the session provider tells it the token, language and auth handling. */
export const api = createApiClient();

export { ApiError, isApiError } from './errors';
export type { ApiClient } from './client';
