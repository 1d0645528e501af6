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
  config: Pick<Config, 'RAZORPAY_HOST_URL' | 'productionRehearsal'>,
  payments: Pick<PaymentsRuntime, 'simulator'>,
): HealthPart {
  const probed = payments.simulator?.apiBaseUrl ?? config.RAZORPAY_HOST_URL;
  const mode = payments.simulator
    ? 'simulator (started by this instance)'
    : config.RAZORPAY_HOST_URL
      ? `razorpay (RAZORPAY_HOST_URL${config.productionRehearsal ? ', rehearsal' : ''})`
      : 'razorpay';
  return {
    name: 'payments',
    mode,
    check: async () => {
      if (probed && !(await answersHttp(probed))) throw new Error(`nothing answers at ${probed}`);
    },
  };
}

/** Realtime as /api/health sees it: down while the LISTEN connection is lost (it reconnects by itself). */
export function realtimeHealth(realtime: { isListening(): boolean }): HealthPart {
  return {
    name: 'realtime',
    mode: 'LISTEN shabaash_changes',
    check: () =>
      realtime.isListening()
        ? Promise.resolve()
        : Promise.reject(
            new Error(
              'the LISTEN connection is down (reconnecting): other instances’ changes are not pushed',
            ),
          ),
  };
}
