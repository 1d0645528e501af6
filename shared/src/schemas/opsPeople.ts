import { z } from 'zod';
import { TIMER_STATUSES } from '../timer.ts';
import { define } from '../endpointTools.ts';
import { fillMessage, VALIDATION_MESSAGES as V } from '../validationMessages.ts';
import { roleSchema } from './common.ts';
import { CONSENT_STATES } from './consent.ts';
import { operatorReasonSchema } from './ops.ts';

// The operator console's People area: suspending creators, banning viewers, the reports queue and the leads of
// the landing form. Every restriction takes a reason and writes one operator_audit row; phones are masked.

/** A user as an operator sees them: state and reasons, the phone masked (••••••3210). */
export const opsPersonSchema = z.object({
  id: z.string(),
  name: z.string(),
  role: roleSchema,
  maskedPhone: z.string(),
  creator: z.object({ handle: z.string(), displayName: z.string() }).nullable(),
  suspendedAt: z.string().nullable(),
  suspensionReason: z.string().nullable(),
  bannedAt: z.string().nullable(),
  banReason: z.string().nullable(),
  deleted: z.boolean(),
  createdAt: z.string(),
  /** A creator's subathon timer (GET /ops/users/:id only): whether it runs, and until when. */
  timer: z.object({ status: z.enum(TIMER_STATUSES), endsAt: z.string().nullable() }).optional(),
  /** Age and parental consent (GET /ops/users/:id only): the state and its times, never the parent's number. */
  consent: z
    .object({
      state: z.enum(CONSENT_STATES),
      givenAt: z.string().nullable(),
      withdrawnAt: z.string().nullable(),
    })
    .optional(),
  /** A creator's moderators and pending invitations (GET /ops/users/:id only), phones masked. */
  moderators: z
    .array(
      z.object({
        name: z.string().nullable(),
        maskedPhone: z.string(),
        status: z.enum(['pending', 'active']),
      }),
    )
    .optional(),
});
export type OpsPerson = z.infer<typeof opsPersonSchema>;

export const opsReasonInputSchema = z.object({ reason: operatorReasonSchema });
const personResponseSchema = z.object({ person: opsPersonSchema });

/** What can be reported, and why (the PWA offers these reasons as a list). */
export const REPORT_KINDS = ['tip', 'creator', 'viewer'] as const;
export const REPORT_REASONS = ['abuse', 'hate', 'spam', 'scam', 'sexual', 'other'] as const;
export type ReportKind = (typeof REPORT_KINDS)[number];
export type ReportReason = (typeof REPORT_REASONS)[number];

/** One report in the operators' queue, with the context they need to judge it. */
export const opsReportSchema = z.object({
  id: z.string(),
  kind: z.enum(REPORT_KINDS),
  reason: z.enum(REPORT_REASONS),
  details: z.string(),
  status: z.enum(['open', 'closed']),
  resolution: z.string().nullable(),
  createdAt: z.string(),
  closedAt: z.string().nullable(),
  reporter: z.object({ id: z.string(), name: z.string() }),
  /** The reported person (a tip's sender, the creator, the viewer); null for a guest or an erased account. */
  reported: z
    .object({
      id: z.string(),
      name: z.string(),
      handle: z.string().nullable(),
      maskedPhone: z.string(),
    })
    .nullable(),
  /** The reported tip's text and amount (a guest's name when it had no account). */
  tip: z
    .object({
      id: z.string(),
      message: z.string(),
      amountPaise: z.number().int(),
      guestName: z.string().nullable(),
      creatorHandle: z.string(),
    })
    .nullable(),
});
export type OpsReport = z.infer<typeof opsReportSchema>;

export const opsReportsQuerySchema = z.object({
  status: z.enum(['open', 'all']).default('open'),
  limit: z.coerce.number().int().min(1).max(200).default(100),
});

export const closeReportInputSchema = z.object({
  resolution: z
    .string()
    .trim()
    .min(5, { error: fillMessage(V.noteTooShort, { min: 5 }) })
    .max(1000, { error: fillMessage(V.noteTooLong, { max: 1000 }) }),
});

/** A lead of the landing form, the phone masked. */
export const opsLeadSchema = z.object({
  id: z.string(),
  name: z.string().nullable(),
  email: z.string().nullable(),
  maskedPhone: z.string(),
  tags: z.array(z.string()),
  createdAt: z.string(),
  contactedAt: z.string().nullable(),
});
export type OpsLead = z.infer<typeof opsLeadSchema>;

export const opsLeadsQuerySchema = z.object({
  status: z.enum(['new', 'all']).default('all'),
  limit: z.coerce.number().int().min(1).max(500).default(200),
});

/** The People area's endpoints (spread into the contract in api.ts). */
export const opsPeopleEndpoints = define({
  opsPerson: {
    output: personResponseSchema,
  },
  opsSuspendCreator: {
    input: opsReasonInputSchema,
    output: personResponseSchema,
  },
  opsUnsuspendCreator: {
    input: opsReasonInputSchema,
    output: personResponseSchema,
  },
  opsBanUser: {
    input: opsReasonInputSchema,
    output: personResponseSchema,
  },
  opsUnbanUser: {
    input: opsReasonInputSchema,
    output: personResponseSchema,
  },
  opsReports: {
    query: opsReportsQuerySchema,
    output: z.object({ reports: z.array(opsReportSchema) }),
  },
  opsCloseReport: {
    input: closeReportInputSchema,
    output: z.object({ report: opsReportSchema }),
  },
  opsLeads: {
    query: opsLeadsQuerySchema,
    output: z.object({ leads: z.array(opsLeadSchema) }),
  },
  opsRevealLead: {
    input: opsReasonInputSchema,
    output: z.object({ phone: z.string() }),
  },
  opsLeadContacted: {
    output: z.object({ lead: opsLeadSchema }),
  },
});

/** A report from the PWA: a tip (its creator reports it), a creator (by handle) or a viewer who tipped the reporter. */
export const createReportInputSchema = z.object({
  kind: z.enum(REPORT_KINDS),
  /** The tip (kind tip), the creator's handle (kind creator) or the viewer's user id (kind viewer). */
  target: z.string().trim().min(1).max(100),
  reason: z.enum(REPORT_REASONS),
  details: z
    .string()
    .trim()
    .max(500, { error: fillMessage(V.detailsTooLong, { max: 500 }) })
    .default(''),
});
export type CreateReportInput = z.input<typeof createReportInputSchema>;

/** Reporting, for any signed-in user (not under /ops). */
export const reportEndpoints = define({
  createReport: {
    input: createReportInputSchema,
    output: z.object({ message: z.string() }),
  },
});
