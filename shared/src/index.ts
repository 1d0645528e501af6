export * from './money.ts';
export * from './phone.ts';
export * from './limits.ts';
export * from './messages.ts';
export * from './errors.ts';
export * from './schemas.ts';
export * from './realtime.ts';
export * from './api.ts';
