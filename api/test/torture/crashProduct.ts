import { inject } from 'vitest';
import type { Config } from '../../src/config.ts';
import { testConfig } from '../harness.ts';
import { crashProductEnv, type RunningProduct } from '../product.ts';

/**
 * A crash test's product (crashProductEnv: data dir, ports, environment) signed in through this run's Auth
 * emulator with a JWT secret of its own, the config its factories sign tokens with, and the list of its started
 * processes (before and after the kill) that stopCrashProducts ends.
 */
export async function crashTestProduct(
  name: string,
  env: Record<string, string>,
): Promise<Awaited<ReturnType<typeof crashProductEnv>> & { config: Config; products: RunningProduct[] }> {
  const JWT_SECRET = `${name}-secret-${name}-secret-0123456789`;
  const product = await crashProductEnv(name, {
    FIREBASE_AUTH_EMULATOR_HOST: inject('authEmulatorHost'),
    JWT_SECRET,
    ...env,
  });
  return { ...product, config: testConfig({ JWT_SECRET }), products: [] };
}
