import {
  maskPhone,
  paiseToRupees,
  type BlockedSender,
  type SafetyResponse,
  type SafetySettings,
} from '@shabaash/shared';
import type { BlockedSenderRecord, SafetyRecord } from './safety.repository.ts';

/** Settings DTO: amounts in rupees and paise; the built-in list is never part of it. */
export function presentSafetySettings(record: SafetyRecord): SafetySettings {
  return {
    blockedTerms: record.blockedTerms,
    builtinEnabled: record.builtinEnabled,
    minTipAmount: paiseToRupees(record.minTipPaise),
    minTipPaise: record.minTipPaise,
    maxMessageLength: record.maxMessageLength,
    reviewMode: record.reviewMode,
    autoLiveMinAmount: paiseToRupees(record.autoLiveMinPaise),
    autoLiveMinPaise: record.autoLiveMinPaise,
    updatedAt: record.updatedAt ? record.updatedAt.toISOString() : null,
  };
}

/** A blocked sender with a masked phone; a blocked guest with the masked label of its payments. */
export function presentBlockedSender(record: BlockedSenderRecord): BlockedSender {
  return {
    id: record.id,
    userId: record.userId,
    name: record.name,
    phone: record.phone ? maskPhone(record.phone) : null,
    guestLabel: record.guestLabel,
    createdAt: record.createdAt.toISOString(),
  };
}

/** GET/PUT /creator/safety response. */
export function presentSafety(record: SafetyRecord, blocked: readonly BlockedSenderRecord[]): SafetyResponse {
  return { settings: presentSafetySettings(record), blockedSenders: blocked.map(presentBlockedSender) };
}
