import type { z } from 'zod';
import { validate } from '@shabaash/shared';
import { badRequest } from './errors.ts';

/** Parses input with a shared schema (shared `validate`, the mocks use the same); invalid → 400 envelope. */
export function parseInput<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const result = validate(schema, value);
  if (result.ok) return result.data;
  throw badRequest(result.message, result.field);
}
