import type { Config } from '../../config.ts';
import type { HealthPart } from '../../deps.ts';
import type { PaymentsRuntime } from '../../payments/boot.ts';

/** True when anything answers HTTP at `url` within a second (any status: the server is up). */
async function answersHttp(url: string): Promise<boolean> {
  try {
    const res = await fetch(url, { signal: AbortSignal.timeout(1_000) });
    await res.body?.cancel();
    return true;
  } catch {
    return false;
  }
}

/**
 * Payments as /api/health sees them: the simulator this instance runs, or the Razorpay API host it was given
 * (a standalone simulator), probed over HTTP; Razorpay itself is not called on every health check.
 */
export function paymentsHealth(
  config: Pick<Config, 'RAZORPAY_HOST_URL'>,
  payments: Pick<PaymentsRuntime, 'simulator'>,
): HealthPart {
  const probed = payments.simulator?.apiBaseUrl ?? config.RAZORPAY_HOST_URL;
  const mode = payments.simulator
    ? 'simulator (started by this instance)'
    : config.RAZORPAY_HOST_URL
      ? 'razorpay (RAZORPAY_HOST_URL)'
      : 'razorpay';
  return {
    name: 'payments',
    mode,
    check: async () => {
      if (probed && !(await answersHttp(probed))) throw new Error(`nothing answers at ${probed}`);
    },
  };
}
