import type { z } from 'zod';
import { badRequest } from './errors.ts';

/** Parses input with a shared schema; the first issue becomes the envelope's message (the spec's texts). */
export function parseInput<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  // reportInput: zod 4 leaves `input` off issues by default, which made every wrong type read as "required".
  const result = schema.safeParse(value, { reportInput: true });
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const field = issue?.path.join('.') || undefined;
  const message =
    issue?.code === 'invalid_type' && issue.input === undefined && field
      ? `${field} is required.`
      : (issue?.message ?? 'Invalid request.');
  throw badRequest(message, field);
}
