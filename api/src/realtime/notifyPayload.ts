import { z } from 'zod';
import { showMessageSchemas } from '@shabaash/shared';
import { UUID_RE } from './types.ts';

/** The PostgreSQL channel every instance LISTENs on; payloads are `NotifyPayload` JSON. */
export const NOTIFY_CHANNEL = 'shabaash_changes';

const showEntrySchema = z.object({
  creatorId: z.string().regex(UUID_RE),
  message: z.discriminatedUnion('type', showMessageSchemas),
});
const presenceEntrySchema = z
  .object({
    creatorId: z.string().regex(UUID_RE),
    count: z.number().int(),
    showing: z.number().int().optional(),
    heard: z.number().int().optional(),
  })
  // An instance that does not count them yet: its overlays show and are heard.
  .transform((e) => ({ ...e, showing: e.showing ?? e.count, heard: e.heard ?? e.count }));

/**
 * What one NOTIFY carries between instances: the sending instance, the spaces it changed (with the version it
 * published, if known), overlay settings changes, revoked sessions (`sessionId` null = every session of the
 * user), rotated overlay keys, revoked API tokens, the sender's overlay counts per creator, and a new instance's request for counts.
 */
export const notifyPayloadSchema = z.object({
  instance: z.string().min(1),
  changes: z.array(z.object({ space: z.string(), version: z.number().int().nullable() })).default([]),
  overlays: z.array(z.string()).default([]),
  revoked: z.array(z.object({ userId: z.string(), sessionId: z.string().nullable() })).optional(),
  rotated: z.array(z.string()).optional(),
  /** Suspended creators (their overlay sockets close with WS_CLOSE.creatorSuspended). */
  suspended: z.array(z.string()).optional(),
  /** Revoked creator API tokens (their bot sockets close). */
  revokedApiTokens: z.array(z.string()).optional(),
  /** Moderators their creator removed (their sockets granted that creator's chats close). */
  removedModerators: z.array(z.object({ creatorId: z.string(), userId: z.string() })).optional(),
  /** Creators whose stream session started or ended. */
  streams: z.array(z.string()).optional(),
  /** Creators whose subathon timer changed; `ended`: the change was its end (timer:ended). */
  timers: z.array(z.object({ creatorId: z.string(), ended: z.boolean() })).optional(),
  /** Creators whose alerts were paused or resumed (alerts:update). */
  alerts: z.array(z.string()).optional(),
  /** Creators whose YouTube live-chat follower changed state (youtube:live). */
  youtube: z.array(z.string()).optional(),
  /** This instance's overlay count per creator (`count` 0 = none left); sent on change and every refresh. */
  presence: z
    .array(z.unknown())
    // A malformed entry is dropped on its own; the rest of the payload still counts.
    .transform((entries) => entries.flatMap((e) => presenceEntrySchema.safeParse(e).data ?? []))
    .optional(),
  /** Show moments (test alert, speech ready, skip) for a creator's overlays; a malformed entry is dropped alone. */
  shows: z
    .array(z.unknown())
    .transform((entries) => entries.flatMap((e) => showEntrySchema.safeParse(e).data ?? []))
    .optional(),
  /** A new instance asks the others to announce their presence counts now. */
  ask: z.literal(true).optional(),
});

export type NotifyPayload = z.input<typeof notifyPayloadSchema>;
export type ParsedNotifyPayload = z.output<typeof notifyPayloadSchema>;

/** The payload of a notification, or null when it is not JSON of that shape. */
export function parseNotifyPayload(text: string | undefined): ParsedNotifyPayload | null {
  try {
    const result = notifyPayloadSchema.safeParse(JSON.parse(text ?? ''));
    return result.success ? result.data : null;
  } catch {
    return null;
  }
}
