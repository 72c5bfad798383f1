import { z } from 'zod';

/** One entry of the error envelope (API-CONTRACT 2.1). */
export const ErrorEntrySchema = z.object({
  status: z.number().int(),
  title: z.string().optional(),
  message: z.string(),
  source: z.object({ pointer: z.string() }).optional(),
});
export type ErrorEntry = z.infer<typeof ErrorEntrySchema>;

export const ErrorEnvelopeSchema = z.object({ errors: z.array(ErrorEntrySchema) });
export type ErrorEnvelope = z.infer<typeof ErrorEnvelopeSchema>;

/** The OAuth error shape of POST /oauth/token (API-CONTRACT 3). */
export const OAuthErrorSchema = z.object({
  error: z.string(),
  error_description: z.string(),
  message: z.string(),
  hint: z.string().optional(),
});
export type OAuthError = z.infer<typeof OAuthErrorSchema>;

/** Titles the client maps to plan-limit notices (spec 1 section 8). */
export const LIMIT_TITLES = {
  posts: 'limit::posts',
  admin: 'limit::admin',
  forms: 'limit::posttypes',
} as const;
