import type { ServerMessage } from '@shabaash/shared';

// Hand-written guards instead of zod so the bare overlay bundle stays a few KB. The app validates with zod on top.

const TYPES = new Set([
  'welcome',
  'tip:new',
  'tip:status',
  'tip:deleted',
  'overlay:update',
  'wallet:update',
  'payout:update',
  'overlay:presence',
  'pong',
  'stream:update',
  'timer:update',
  'timer:ended',
  'alerts:update',
  'youtube:live',
  'tip:paid',
  'show:test',
  'speech:ready',
  'speech:skip',
  'tip:aired',
  'alert:show',
  'moderation:tip',
  'moderation:deleted',
]);

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isTipLike(value: unknown): boolean {
  return (
    isRecord(value) &&
    typeof value.id === 'string' &&
    typeof value.amount === 'number' &&
    typeof value.status === 'string' &&
    typeof value.version === 'number'
  );
}

/** A light structural check of a server message (shape of the fields each consumer reads), without zod. */
export function isServerMessage(value: unknown): value is ServerMessage {
  if (!isRecord(value) || typeof value.type !== 'string' || !TYPES.has(value.type)) return false;
  switch (value.type) {
    case 'welcome':
      return Array.isArray(value.rooms) && isRecord(value.versions);
    case 'tip:new':
    case 'tip:status':
    case 'tip:aired':
      return typeof value.space === 'string' && typeof value.version === 'number' && isTipLike(value.data);
    case 'tip:deleted':
    case 'tip:paid':
    case 'moderation:tip':
    case 'moderation:deleted':
      return (
        typeof value.space === 'string' &&
        typeof value.version === 'number' &&
        isRecord(value.data) &&
        typeof value.data.id === 'string'
      );
    case 'wallet:update':
    case 'payout:update':
      return typeof value.space === 'string' && typeof value.version === 'number' && isRecord(value.data);
    case 'overlay:update':
      return isRecord(value.data);
    case 'overlay:presence':
      return isRecord(value.data) && typeof value.data.connected === 'boolean';
    case 'stream:update':
      return isRecord(value.data) && (value.data.session === null || isRecord(value.data.session));
    case 'timer:update':
    case 'timer:ended':
      return isRecord(value.data) && isRecord(value.data.run) && typeof value.data.run.status === 'string';
    case 'alerts:update':
      return (
        isRecord(value.data) && typeof value.data.paused === 'boolean' && typeof value.data.held === 'number'
      );
    case 'youtube:live':
      return isRecord(value.data) && typeof value.data.state === 'string' && isRecord(value.data.quota);
    case 'show:test':
      return (
        isRecord(value.data) &&
        typeof value.data.id === 'string' &&
        typeof value.data.amount === 'number' &&
        typeof value.data.speech === 'boolean'
      );
    case 'alert:show':
      return (
        isRecord(value.data) &&
        typeof value.data.reason === 'string' &&
        Array.isArray(value.data.tips) &&
        value.data.tips.every(isTipLike)
      );
    case 'speech:ready':
      return isRecord(value.data) && typeof value.data.tipId === 'string';
    default:
      return true;
  }
}
