import { z } from 'zod';

export const TokenResponseSchema = z.object({
  token_type: z.literal('Bearer'),
  expires_in: z.number().int(),
  access_token: z.string(),
  refresh_token: z.string().optional(),
  expires: z.number().int().optional(),
});
export type TokenResponse = z.infer<typeof TokenResponseSchema>;

export const PasswordGrantBody = z.object({
  grant_type: z.literal('password'),
  client_id: z.string(),
  client_secret: z.string(),
  username: z.string(),
  password: z.string(),
  scope: z.string().optional(),
});
export type PasswordGrantBody = z.infer<typeof PasswordGrantBody>;

export const ClientCredentialsGrantBody = z.object({
  grant_type: z.literal('client_credentials'),
  client_id: z.string(),
  client_secret: z.string(),
  scope: z.string().optional(),
});
export type ClientCredentialsGrantBody = z.infer<typeof ClientCredentialsGrantBody>;
