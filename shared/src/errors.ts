import { z } from 'zod';
import { ERROR_STATUS, type ErrorCode } from './core.ts';

export { ERROR_STATUS, type ErrorCode } from './core.ts';
export const errorCodes = Object.keys(ERROR_STATUS) as [ErrorCode, ...ErrorCode[]];

/** The one error envelope every failure answers with. */
export const errorEnvelopeSchema = z.object({
  message: z.string(),
  code: z.enum(errorCodes),
  field: z.string().optional(),
  requestId: z.string().optional(),
});
export type ErrorEnvelope = z.infer<typeof errorEnvelopeSchema>;
