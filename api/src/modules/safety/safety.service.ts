import {
  DEFAULT_SAFETY,
  formatPaise,
  paiseToRupees,
  type TipRules,
  maxAmountMessage,
  rupeesToPaise,
  SAFETY_MESSAGES,
  type safetySettingsSchema,
  type blockSenderInputSchema,
} from '@shabaash/shared';
import type { z } from 'zod';
import type { Config } from '../../config.ts';
import type { Executor } from '../../db/knex.ts';
import { AppError, badRequest, notFound } from '../../http/errors.ts';
import { BUILTIN_BLOCKLIST } from './builtinList.ts';
import { compileBlocklist, findBlocked, findBlockedInAny, type Blocklist } from './matcher.ts';
import {
  deleteBlockedSender,
  findSafety,
  findTipPayer,
  findTipSender,
  insertBlockedGuest,
  insertBlockedSender,
  listBlockedSenders,
  listQueuedMessages,
  upsertSafety,
  hasTippedCreator,
  isGuestPayerBlocked,
  type BlockedSenderRecord,
  type SafetyRecord,
} from './safety.repository.ts';

/** The settings a creator has before saving any (SPEC: ₹1 floor, 280 characters, every message queued). */
export function defaultSafety(creatorId: string): SafetyRecord {
  return {
    creatorId,
    blockedTerms: [...DEFAULT_SAFETY.blockedTerms],
    builtinEnabled: DEFAULT_SAFETY.builtinEnabled,
    minTipPaise: DEFAULT_SAFETY.minTipPaise,
    maxMessageLength: DEFAULT_SAFETY.maxMessageLength,
    reviewMode: DEFAULT_SAFETY.reviewMode,
    autoLiveMinPaise: DEFAULT_SAFETY.autoLiveMinPaise,
    updatedAt: DEFAULT_SAFETY.updatedAt,
  };
}

/** A creator's safety settings; the defaults when the creator never saved any. */
export async function getSafety(db: Executor, creatorId: string): Promise<SafetyRecord> {
  return (await findSafety(db, creatorId)) ?? defaultSafety(creatorId);
}

/** Applies a (partial) settings change and returns the saved settings; the blocklist cache follows on the next check. */
export async function updateSafety(
  db: Executor,
  creatorId: string,
  input: z.output<typeof safetySettingsSchema>,
): Promise<SafetyRecord> {
  const current = await getSafety(db, creatorId);
  const terms = input.blockedTerms ? dedupeTerms(input.blockedTerms) : current.blockedTerms;
  return upsertSafety(db, {
    creatorId,
    blockedTerms: terms,
    builtinEnabled: input.builtinEnabled ?? current.builtinEnabled,
    minTipPaise: input.minTipAmount !== undefined ? rupeesToPaise(input.minTipAmount) : current.minTipPaise,
    maxMessageLength: input.maxMessageLength ?? current.maxMessageLength,
    reviewMode: input.reviewMode ?? current.reviewMode,
    autoLiveMinPaise:
      input.autoLiveMinAmount !== undefined
        ? rupeesToPaise(input.autoLiveMinAmount)
        : current.autoLiveMinPaise,
  });
}

function dedupeTerms(terms: readonly string[]): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const raw of terms) {
    const term = raw.trim().replace(/\s+/g, ' ');
    const key = term.toLowerCase();
    if (term === '' || seen.has(key)) continue;
    seen.add(key);
    out.push(term);
  }
  return out;
}

// ---------- compiled blocklists ----------

let builtin: Blocklist | null = null;
/** The built-in list, compiled once per process. */
function builtinBlocklist(): Blocklist {
  builtin ??= compileBlocklist(BUILTIN_BLOCKLIST);
  return builtin;
}

const CACHE_MAX_CREATORS = 2000;
/**
 * Compiled creator lists keyed by creator and by the terms themselves: every check reads the settings row (one
 * primary-key read), so an update on any API instance is seen by every instance on its next check, with no TTL.
 */
const compiledCache = new Map<string, { key: string; list: Blocklist }>();

function creatorBlocklist(settings: SafetyRecord): Blocklist {
  const key = settings.blockedTerms.join('\u0000');
  const cached = compiledCache.get(settings.creatorId);
  if (cached && cached.key === key) return cached.list;
  const list = compileBlocklist(settings.blockedTerms);
  compiledCache.delete(settings.creatorId);
  compiledCache.set(settings.creatorId, { key, list });
  if (compiledCache.size > CACHE_MAX_CREATORS) {
    const oldest = compiledCache.keys().next().value;
    if (oldest !== undefined) compiledCache.delete(oldest);
  }
  return list;
}

/** The lists that apply to a creator: their own terms, plus the built-in list unless they turned it off. */
function activeLists(settings: SafetyRecord): Blocklist[] {
  const own = creatorBlocklist(settings);
  return settings.builtinEnabled ? [builtinBlocklist(), own] : [own];
}

/** True when the text would be refused by this creator's current lists. */
export function isMessageBlocked(settings: SafetyRecord, message: string): boolean {
  return findBlockedInAny(activeLists(settings), message).blocked;
}

/**
 * True when a name that can reach this creator's stream (a guest's, a sender's, a supporter's) would be refused
 * by the creator's current lists, as a message would.
 */
export function isNameBlocked(settings: SafetyRecord, name: string | null | undefined): boolean {
  return name != null && name.trim() !== '' && isMessageBlocked(settings, name);
}

/** What a supporter without a (showable) name is called on air (SPEC: name, default Anonymous). */
const ANONYMOUS = 'Anonymous';

/** The name to put on air: the name itself, or "Anonymous" when the creator's current lists refuse it. */
export function onAirName(settings: SafetyRecord, name: string): string {
  return isNameBlocked(settings, name) ? ANONYMOUS : name;
}

/**
 * Refuses a display name or handle (400 on `field`) that carries a word of the built-in list: such a name is seen
 * by every creator the person tips, whatever their own lists. Resolves when allowed.
 */
export function assertAllowedName(name: string, field: string): void {
  if (findBlocked(builtinBlocklist(), name).blocked) {
    throw new AppError('VALIDATION_FAILED', SAFETY_MESSAGES.blockedDisplayName, field);
  }
}

/**
 * The refusal for a message to this creator (too long, or blocked words), or null when it may be sent.
 * The refusal text never contains the matched word.
 */
export function messageRefusal(settings: SafetyRecord, message: string): string | null {
  if (message.length > settings.maxMessageLength)
    return SAFETY_MESSAGES.messageTooLong(settings.maxMessageLength);
  if (isMessageBlocked(settings, message)) return SAFETY_MESSAGES.blockedMessage;
  return null;
}

/** Public check used as the viewer types: `{ ok }`, or the refusal message; never the list or the word. */
export async function checkMessage(
  db: Executor,
  creatorId: string,
  message: string,
): Promise<{ ok: boolean; message?: string }> {
  const refusal = messageRefusal(await getSafety(db, creatorId), message);
  return refusal === null ? { ok: true } : { ok: false, message: refusal };
}

export interface TipCheck {
  creatorId: string;
  message: string;
  amountPaise: number;
  /** The guest's name, which the overlay and the supporters widget show: filtered as the message is. */
  name?: string | undefined;
}

/** The polite refusal of a sender the creator blocked (403). */
export function blockedSenderRefusal(): AppError {
  return new AppError('FORBIDDEN', SAFETY_MESSAGES.blockedSender);
}

/** The refusal of a tip's amount or message under these settings (400), or null; the sender is not considered. */
export function contentRefusal(
  settings: SafetyRecord,
  tip: Pick<TipCheck, 'message' | 'amountPaise'>,
): AppError | null {
  if (tip.amountPaise < settings.minTipPaise) {
    return new AppError(
      'VALIDATION_FAILED',
      SAFETY_MESSAGES.minimumTip(formatPaise(settings.minTipPaise)),
      'amount',
    );
  }
  const refusal = messageRefusal(settings, tip.message);
  return refusal === null ? null : new AppError('VALIDATION_FAILED', refusal, 'message');
}

/** The creator's minimum for the guest page, with the very words contentRefusal() answers under it. */
export async function tipRules(db: Executor, creatorId: string): Promise<TipRules> {
  const { minTipPaise } = await getSafety(db, creatorId);
  return {
    minAmount: paiseToRupees(minTipPaise),
    minAmountPaise: minTipPaise,
    minimumMessage: SAFETY_MESSAGES.minimumTip(formatPaise(minTipPaise)),
  };
}

/**
 * Refuses a guest tip before its order is created: a browser the creator blocked (403, by the keyed hash of its
 * guest-page token), amount under the creator's minimum, message too long or containing blocked words, or a name
 * containing blocked words (400). Resolves when allowed.
 */
export async function checkTip(db: Executor, tip: TipCheck & { payerKeys?: string[] }): Promise<void> {
  if (tip.payerKeys && (await isGuestPayerBlocked(db, tip.creatorId, tip.payerKeys)))
    throw new AppError('FORBIDDEN', SAFETY_MESSAGES.blockedGuest);
  const settings = await getSafety(db, tip.creatorId);
  const refusal = contentRefusal(settings, tip);
  if (refusal) throw refusal;
  if (isNameBlocked(settings, tip.name)) {
    throw new AppError('VALIDATION_FAILED', SAFETY_MESSAGES.blockedName, 'name');
  }
}

/**
 * True when these settings would put a signed-in sender's tip of this amount live at once: review mode
 * 'auto_live_trusted' and an amount at or above its minimum. The tip statement adds the last condition (this
 * creator pushed one of the sender's tips live before), read before the tip is inserted.
 */
export function autoLiveCandidate(settings: SafetyRecord, amountPaise: number): boolean {
  return settings.reviewMode === 'auto_live_trusted' && amountPaise >= settings.autoLiveMinPaise;
}

/**
 * Ids of the creator's queued (unread) tips whose message or name the current lists would now refuse, for the Chat
 * Loader marker.
 */
export async function flagQueuedTips(
  db: Executor,
  creatorId: string,
  ids?: readonly string[],
): Promise<string[]> {
  const settings = await getSafety(db, creatorId);
  const queued = await listQueuedMessages(db, creatorId, ids);
  return queued
    .filter((tip) => isMessageBlocked(settings, tip.message) || isNameBlocked(settings, tip.name))
    .map((tip) => tip.id);
}

// ---------- blocked senders ----------

/** The creator's blocked senders. */
export async function getBlockedSenders(db: Executor, creatorId: string): Promise<BlockedSenderRecord[]> {
  return listBlockedSenders(db, creatorId);
}

/**
 * Blocks a user, a phone, or the sender of one of the creator's tips. The sender of a guest tip is blocked by the
 * keyed hashes of what its payment carried (VPA, contact, browser token); a guest tip without them (paid before
 * they were recorded) has nobody to block.
 */
export async function blockSender(
  db: Executor,
  creatorId: string,
  input: z.output<typeof blockSenderInputSchema>,
): Promise<BlockedSenderRecord> {
  let userId = input.userId ?? null;
  if (input.tipId !== undefined) {
    const tip = await findTipSender(db, creatorId, input.tipId);
    if (!tip) throw notFound('Superchat');
    if (tip.senderId === null) {
      const payer = await findTipPayer(db, creatorId, input.tipId);
      if (!payer) throw badRequest(SAFETY_MESSAGES.nothingToBlock);
      return insertBlockedGuest(db, { creatorId, payerKeys: payer.payerKeys, label: payer.label });
    }
    userId = tip.senderId;
  }
  if (userId === creatorId) throw badRequest(SAFETY_MESSAGES.cannotBlockSelf);
  // Only someone who tipped this creator: blocking an arbitrary id would reveal the name behind it.
  if (userId !== null && !(await hasTippedCreator(db, creatorId, userId))) throw notFound('User');
  return insertBlockedSender(db, {
    creatorId,
    userId,
    phone: userId === null ? (input.phone ?? null) : null,
  });
}

/** Unblocks one entry of the creator's list; 404 when it is not theirs. */
export async function unblockSender(db: Executor, creatorId: string, id: string): Promise<void> {
  if (!(await deleteBlockedSender(db, creatorId, id))) throw notFound('Blocked sender');
}

/** Refuses a tip above TIP_MAX_RUPEES (held in paise; the shared schema already caps at ₹1,00,000). */
export function assertTipAmount(config: Config, amountPaise: number): void {
  if (amountPaise > config.TIP_MAX_RUPEES)
    throw badRequest(maxAmountMessage(paiseToRupees(config.TIP_MAX_RUPEES)), 'amount');
}
