import { z } from 'zod';
import { VALIDATION_MESSAGES } from './validationMessages.ts';

/** What a creator API token may do. events:subscribe is for the bot socket; payouts:read for payout reads. */
export const API_TOKEN_SCOPES = ['tips:read', 'tips:moderate', 'events:subscribe', 'payouts:read'] as const;
export const apiTokenScopeSchema = z.enum(API_TOKEN_SCOPES);
export type ApiTokenScope = z.infer<typeof apiTokenScopeSchema>;

/** The most tokens one creator may hold at once. */
export const MAX_API_TOKENS_PER_CREATOR = 20;

export const apiTokenInputSchema = z.object({
  name: z
    .string({ error: VALIDATION_MESSAGES.tokenName })
    .trim()
    .min(1, { error: VALIDATION_MESSAGES.tokenName })
    .max(60, { error: VALIDATION_MESSAGES.tokenNameTooLong }),
  scopes: z
    .array(apiTokenScopeSchema, { error: VALIDATION_MESSAGES.tokenScopes })
    .min(1, { error: VALIDATION_MESSAGES.tokenScopes })
    .transform((scopes) => [...new Set(scopes)]),
});
export type ApiTokenInput = z.input<typeof apiTokenInputSchema>;

/** A token as listed: never the secret, only its first characters to tell tokens apart. */
export const apiTokenSchema = z.object({
  id: z.string(),
  name: z.string(),
  scopes: z.array(apiTokenScopeSchema),
  prefix: z.string(),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
});
export type ApiToken = z.infer<typeof apiTokenSchema>;

export const apiTokensResponseSchema = z.object({ tokens: z.array(apiTokenSchema) });
/** The one response that carries the secret: shown once, stored only as a hash. */
export const createdApiTokenSchema = z.object({ token: apiTokenSchema, secret: z.string() });
