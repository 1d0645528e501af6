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
  product = await startProduct();
  project.provide('baseUrl', product.url);
}

export async function teardown(): Promise<void> {
  await product?.stop();
}
