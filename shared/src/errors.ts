import { z } from 'zod';
import { ERROR_STATUS, type ErrorCode } from './core.ts';
import { fillMessage, VALIDATION_MESSAGES } from './validationMessages.ts';

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

/**
 * Parses a request value with a contract schema, the one rule the API and the mocks share: the first issue becomes
 * the envelope's message (the spec's texts), and a missing field reads "<field> is required.".
 */
export function validate<S extends z.ZodType>(
  schema: S,
  value: unknown,
): { ok: true; data: z.output<S> } | { ok: false; message: string; field: string | undefined } {
  // reportInput: zod 4 leaves `input` off issues by default, which made every wrong type read as "required".
  const result = schema.safeParse(value, { reportInput: true });
  if (result.success) return { ok: true, data: result.data };
  const issue = result.error.issues[0];
  const field = issue?.path.join('.') || undefined;
  const message =
    issue?.code === 'invalid_type' && issue.input === undefined && field
      ? fillMessage(VALIDATION_MESSAGES.fieldRequired, { field })
      : (issue?.message ?? VALIDATION_MESSAGES.invalidRequest);
  return { ok: false, message, field };
}
