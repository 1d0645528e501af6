/**
 * The shared zod schemas, one file per domain under `schemas/`. This barrel keeps every `./schemas.ts` import
 * working; add new schemas to the domain's file (or a new one re-exported here), not to this file.
 */
export * from './schemas/common.ts';
export * from './schemas/account.ts';
export * from './schemas/wallet.ts';
export * from './schemas/tips.ts';
export * from './schemas/overlay.ts';
export * from './schemas/config.ts';
export * from './schemas/safety.ts';
export * from './schemas/show.ts';
export * from './schemas/widgets.ts';
export * from './schemas/timer.ts';
export * from './schemas/ops.ts';
export * from './schemas/opsMoney.ts';
export * from './schemas/opsConsole.ts';
export * from './schemas/opsPeople.ts';
export * from './schemas/opsDisputes.ts';
export * from './schemas/opsPayouts.ts';
export * from './schemas/consent.ts';
export * from './schemas/moderators.ts';
