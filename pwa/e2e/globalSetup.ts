import type { TestProject } from 'vitest/node';
import { startProduct, type RunningProduct } from './product.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
  }
}

let product: RunningProduct | null = null;

/** Starts the whole product once for the e2e run, exactly as `npm start` does, on free ports and a temp data dir. */
export async function setup(project: TestProject): Promise<void> {
  // Payouts: a 15 s hold and a 1 s job tick, so a journey can watch an earning go pending → paid (issue 13).
  product = await startProduct({
    PAYOUT_HOLD_HOURS: String(15 / 3600),
    PAYOUT_TICK_MS: '1000',
    PAYOUT_BATCH_HOUR_IST: '0',
  });
  project.provide('baseUrl', product.url);
}

export async function teardown(): Promise<void> {
  await product?.stop();
}
