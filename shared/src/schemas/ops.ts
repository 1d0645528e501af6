import { z } from 'zod';
import { define } from '../endpointTools.ts';
import { fillMessage, VALIDATION_MESSAGES as V } from '../validationMessages.ts';

// The operator console (/ops): schemas and endpoints. Every endpoint here has auth 'operator'; every action that
// moves money or restricts someone takes a `reason` and writes one operator_audit row.

/** Why an operator acts: required for every action that moves money or restricts someone. */
export const operatorReasonSchema = z
  .string()
  .trim()
  .min(5, { error: fillMessage(V.reasonTooShort, { min: 5 }) })
  .max(500, { error: fillMessage(V.reasonTooLong, { max: 500 }) });

/** One row of the operators' audit log. */
export const auditEntrySchema = z.object({
  id: z.string(),
  operatorId: z.string(),
  operatorName: z.string(),
  action: z.string(),
  targetKind: z.string(),
  targetId: z.string(),
  before: z.unknown().nullable(),
  after: z.unknown().nullable(),
  reason: z.string().nullable(),
  createdAt: z.string(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

export const auditQuerySchema = z.object({
  /** Only the rows about one record (e.g. targetKind=tip&targetId=<uuid>). */
  targetKind: z.string().trim().max(40).optional(),
  targetId: z.string().trim().max(100).optional(),
  /** Rows older than this id (the next page). */
  before: z.coerce.number().int().positive().optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});

export const auditPageSchema = z.object({
  entries: z.array(auditEntrySchema),
  /** The `before` of the next page; null on the last. */
  next: z.number().nullable(),
});

/** The operator console's endpoints (spread into the contract in api.ts). */
export const opsEndpoints = define({
  opsAudit: {
    query: auditQuerySchema,
    output: auditPageSchema,
  },
});
