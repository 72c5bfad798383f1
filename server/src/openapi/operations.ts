import { CORE_OPERATIONS } from './core-operations';
import { DATA_OPERATIONS } from './data-operations';
import type { Operation } from './operation';
import { POST_OPERATIONS } from './post-operations';
import { SURVEY_OPERATIONS } from './survey-operations';
import { WEBHOOK_OPERATIONS } from './webhook-operations';

/** Every operation the OpenAPI document describes; `openapi.test.ts` checks it against Express's routes. */
export const OPERATIONS: Operation[] = [
  ...CORE_OPERATIONS,
  ...SURVEY_OPERATIONS,
  ...POST_OPERATIONS,
  ...DATA_OPERATIONS,
  ...WEBHOOK_OPERATIONS,
];
