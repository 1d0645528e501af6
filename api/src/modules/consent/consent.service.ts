import { createHash, createHmac, randomBytes } from 'node:crypto';
import {
  ageOn,
  fillMessage,
  formatPaise,
  istDate,
  istMonthStart,
  maskPhone,
  MESSAGES,
  type ConsentPage,
  type ConsentState,
  type MyConsent,
} from '@shabaash/shared';
import type { AppDeps } from '../../deps.ts';
import { AppError, badRequest, conflict, notFound } from '../../http/errors.ts';
import { countAgeRefusal, countConsent } from '../../metrics/consent.ts';
import { spendPhoneToken } from '../auth/auth.repository.ts';
import { insertAuditRow } from '../ops/audit.repository.ts';
import {
  findAgeAndConsent,
  findConsentByLink,
  findUserPhone,
  markConsentGiven,
  markConsentWithdrawn,
  setDateOfBirthOnce,
  spentSince,
  upsertConsentRequest,
  type AgeAndConsent,
} from './consent.repository.ts';

/** What a payment is, for the monthly cap: tips (wallet, guest while signed in, checkout) and top-ups count apart. */
export type PaymentKind = 'tip' | 'top_up';

type ConsentDeps = Pick<AppDeps, 'db' | 'config'>;

/** How long an unpaid order counts against the cap (a checkout someone may still finish). */
const OPEN_ORDER_WINDOW_MS = 30 * 60_000;

/** The audit log's name for the parent (the row's operator id is the child's account; no phone is written). */
const PARENT_ACTOR = 'Parent (verified by OTP)';

/**
 * Viewers known to pay without consent on this instance: a date of birth is given once and never changes, and an
 * adult only grows older, so the hot tip path reads the database once per adult. Minors are never cached: a
 * withdrawn consent stops their very next payment.
 */
const adults = new Set<string>();
const ADULTS_CACHED_MAX = 100_000;

/** The state of a viewer under the age rule on `today` (YYYY-MM-DD, IST). */
export function consentStateOf(record: AgeAndConsent, minimumAge: number, today: string): ConsentState {
  if (minimumAge === 0) return 'not_needed';
  if (record.dateOfBirth === null) return 'date_of_birth_missing';
  if (ageOn(record.dateOfBirth, today) >= minimumAge) return 'not_needed';
  const consent = record.consent;
  if (!consent) return 'not_asked';
  if (consent.withdrawnAt) return 'withdrawn';
  return consent.givenAt ? 'given' : 'pending';
}

/** What is left of a monthly cap after `spentPaise` (never below zero). */
export function capLeftPaise(capPaise: number, spentPaise: number): number {
  return Math.max(0, capPaise - spentPaise);
}

async function capLeft(deps: ConsentDeps, userId: string, now: Date): Promise<Record<PaymentKind, number>> {
  const spent = await spentSince(
    deps.db,
    userId,
    istMonthStart(now),
    new Date(now.getTime() - OPEN_ORDER_WINDOW_MS),
  );
  const cap = deps.config.legal.minorMonthlyCapPaise;
  return { tip: capLeftPaise(cap, spent.tipsPaise), top_up: capLeftPaise(cap, spent.topUpsPaise) };
}

/**
 * The age rule of every payment a signed-in viewer makes (wallet tips, guest tips while signed in, checkout tips,
 * top-ups), checked before any money moves: a viewer without a date of birth gives it first (403
 * DATE_OF_BIRTH_REQUIRED); a minor needs a parent's consent that is given and not withdrawn (403
 * PARENTAL_CONSENT_REQUIRED), and stays within the month's cap for that kind of payment (403 MINOR_MONTHLY_CAP,
 * naming what is left). `capped`: the payer is a minor (their orders then carry their id, to count the cap).
 */
export async function assertMayPay(
  deps: ConsentDeps,
  userId: string,
  amountPaise: number,
  kind: PaymentKind = 'tip',
): Promise<{ capped: boolean }> {
  const minimumAge = deps.config.legal.minimumAgeWithoutConsent;
  if (minimumAge === 0 || adults.has(userId)) return { capped: false };
  const record = await findAgeAndConsent(deps.db, userId);
  // An unknown user: the caller's own session check answers (401).
  if (!record) return { capped: false };
  const now = new Date();
  const state = consentStateOf(record, minimumAge, istDate(now));
  if (state === 'not_needed') {
    if (adults.size >= ADULTS_CACHED_MAX) adults.clear();
    adults.add(userId);
    return { capped: false };
  }
  if (state === 'date_of_birth_missing') {
    countAgeRefusal('no_date_of_birth');
    throw new AppError('DATE_OF_BIRTH_REQUIRED', MESSAGES.dateOfBirthRequired);
  }
  if (state !== 'given') {
    countAgeRefusal('no_consent');
    throw new AppError('PARENTAL_CONSENT_REQUIRED', MESSAGES.parentalConsentRequired);
  }
  const left = (await capLeft(deps, userId, now))[kind];
  if (amountPaise > left) {
    countAgeRefusal('cap');
    const template = kind === 'tip' ? MESSAGES.minorTipCap : MESSAGES.minorTopUpCap;
    throw new AppError('MINOR_MONTHLY_CAP', fillMessage(template, { amount: formatPaise(left) }), 'amount');
  }
  return { capped: true };
}

/** The signed-in viewer's own state under the age rule, with what is left of a consenting minor's month. */
export async function getMyConsent(deps: ConsentDeps, userId: string): Promise<MyConsent> {
  const record = await findAgeAndConsent(deps.db, userId);
  if (!record) throw notFound('User');
  const now = new Date();
  const state = consentStateOf(record, deps.config.legal.minimumAgeWithoutConsent, istDate(now));
  const minor = state === 'not_asked' || state === 'pending' || state === 'given' || state === 'withdrawn';
  const left = minor ? await capLeft(deps, userId, now) : null;
  return {
    state,
    parentPhoneMasked: record.consent?.parentPhoneMasked ?? null,
    givenAt: record.consent?.givenAt?.toISOString() ?? null,
    withdrawnAt: record.consent?.withdrawnAt?.toISOString() ?? null,
    monthlyCapPaise: minor ? deps.config.legal.minorMonthlyCapPaise : null,
    tipsLeftPaise: left?.tip ?? null,
    topUpsLeftPaise: left?.top_up ?? null,
  };
}

/** Gives the date of birth once (an account made before sign-up asked it); 409 when it is already set. */
export async function setDateOfBirth(
  deps: ConsentDeps,
  userId: string,
  dateOfBirth: string,
): Promise<MyConsent> {
  if (!(await setDateOfBirthOnce(deps.db, userId, dateOfBirth)))
    throw conflict(MESSAGES.dateOfBirthAlreadySet);
  return getMyConsent(deps, userId);
}

/** The keyed hash the parent's phone is kept as (a domain of its own: it matches no other hash of a phone). */
export function parentPhoneHash(secret: string, phone: string): string {
  return createHmac('sha256', secret).update(`parent-consent:${phone}`).digest('hex');
}

const tokenHash = (token: string) => createHash('sha256').update(token).digest('hex');
const newToken = () => randomBytes(32).toString('base64url');

/**
 * A minor asks a parent's consent: the parent's phone (not the minor's own) is kept hashed and masked, and the
 * answer carries the token of the link the minor shares; a new request replaces the last link and any consent.
 */
export async function requestConsent(
  deps: ConsentDeps,
  userId: string,
  parentPhone: string,
): Promise<MyConsent> {
  const mine = await getMyConsent(deps, userId);
  if (mine.state === 'not_needed' || mine.state === 'date_of_birth_missing')
    throw conflict(MESSAGES.consentNotNeeded);
  if ((await findUserPhone(deps.db, userId)) === parentPhone)
    throw badRequest(MESSAGES.parentPhoneIsChild, 'parentPhone');
  const linkToken = newToken();
  await upsertConsentRequest(deps.db, {
    userId,
    parentPhoneHash: parentPhoneHash(deps.config.phoneHashSecret, parentPhone),
    parentPhoneMasked: maskPhone(parentPhone),
    linkTokenHash: tokenHash(linkToken),
  });
  return { ...(await getMyConsent(deps, userId)), linkToken };
}

const linkInvalid = () => new AppError('NOT_FOUND', MESSAGES.consentLinkInvalid);

/** The parent's page: whose consent is asked, the phone it was asked from (masked), what the child may spend. */
export async function getConsentPage(deps: ConsentDeps, token: string): Promise<ConsentPage> {
  const consent = await findConsentByLink(deps.db, tokenHash(token));
  if (!consent) throw linkInvalid();
  return {
    childName: consent.childName,
    parentPhoneMasked: consent.parentPhoneMasked,
    monthlyCapPaise: deps.config.legal.minorMonthlyCapPaise,
    state: consent.withdrawnAt ? 'withdrawn' : consent.givenAt ? 'given' : 'pending',
  };
}

/**
 * The parent confirms: the identity provider verified the OTP of `phone`, which must be the number the minor
 * named (its keyed hash), and each OTP confirms once. Records the consent with its audit row and answers the
 * token of the withdrawal link.
 */
export async function confirmConsent(
  deps: Pick<AppDeps, 'db' | 'config' | 'identity'>,
  token: string,
  input: { phone: string; firebaseToken: string },
): Promise<{ message: string; withdrawToken: string }> {
  await deps.identity.verifyPhoneToken(input.firebaseToken, input.phone);
  const withdrawToken = newToken();
  await deps.db.transaction(async (tx) => {
    const consent = await findConsentByLink(tx, tokenHash(token), { lock: true });
    if (!consent) throw linkInvalid();
    if (consent.parentPhoneHash !== parentPhoneHash(deps.config.phoneHashSecret, input.phone))
      throw new AppError('FORBIDDEN', MESSAGES.consentPhoneMismatch);
    if (!(await spendPhoneToken(tx, input.firebaseToken)))
      throw new AppError('UNAUTHENTICATED', MESSAGES.phoneTokenUsed);
    const givenAt = await markConsentGiven(tx, consent.userId, tokenHash(withdrawToken));
    await insertAuditRow(tx, {
      operatorId: consent.userId,
      operatorName: PARENT_ACTOR,
      action: 'consent.give',
      targetKind: 'user',
      targetId: consent.userId,
      before: { given: consent.givenAt !== null && consent.withdrawnAt === null },
      after: { given: true, givenAt: givenAt.toISOString() },
      reason: null,
    });
  });
  countConsent('given');
  return { message: MESSAGES.consentGiven, withdrawToken };
}

/** The parent withdraws consent from their link: the minor's next payment is refused. 404 for a used link. */
export async function withdrawConsent(deps: ConsentDeps, token: string): Promise<{ message: string }> {
  await deps.db.transaction(async (tx) => {
    const userId = await markConsentWithdrawn(tx, tokenHash(token));
    if (!userId) throw linkInvalid();
    await insertAuditRow(tx, {
      operatorId: userId,
      operatorName: PARENT_ACTOR,
      action: 'consent.withdraw',
      targetKind: 'user',
      targetId: userId,
      before: { given: true },
      after: { given: false },
      reason: null,
    });
  });
  countConsent('withdrawn');
  return { message: MESSAGES.consentWithdrawn };
}
