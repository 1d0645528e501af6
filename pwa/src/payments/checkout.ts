import { CHECKOUT, MESSAGES } from '@shabaash/shared';
import { translate } from '../i18n/i18n.tsx';

/** What Razorpay's `handler` receives after a successful payment. */
export interface RazorpaySuccess {
  razorpay_payment_id: string;
  razorpay_order_id: string;
  razorpay_signature: string;
}

/** What `on('payment.failed')` receives (Razorpay's documented shape, only the parts we read). */
export interface RazorpayFailure {
  error?: { code?: string; description?: string | null; reason?: string; metadata?: Record<string, unknown> };
}

/** The constructor options of Checkout.js that we use. */
export interface RazorpayOptions {
  key: string;
  order_id: string;
  amount: number;
  currency: string;
  name: string;
  description: string;
  prefill: { name?: string; email?: string; contact?: string };
  theme: { color: string };
  config: CheckoutDisplayConfig;
  handler: (response: RazorpaySuccess) => void;
  modal: { ondismiss: () => void };
}

/** A Checkout payment instrument (Razorpay: "Configure Payment Methods", Understand Configuration). */
export type CheckoutInstrument =
  | { method: 'upi'; flows: Array<'intent' | 'qr' | 'collect'> }
  | { method: 'card' }
  | { method: 'netbanking' }
  | { method: 'wallet' };

/** `config.display` of Checkout.js: named blocks of instruments, their order, and whether the defaults show too. */
export interface CheckoutDisplayConfig {
  display: {
    blocks: Record<string, { name: string; instruments: CheckoutInstrument[] }>;
    sequence: string[];
    preferences: { show_default_blocks: boolean };
  };
}

/**
 * The payment methods checkout offers: UPI by intent (a UPI app on a phone) or by QR code (a desktop, scanned with
 * the phone), cards, netbanking and wallets. NPCI ended P2P collect requests on 1 October 2025 and Razorpay deprecates the collect flow
 * (typing a UPI ID, then approving a request in the app), so the UPI block lists only the payer-initiated flows and
 * `show_default_blocks: false` keeps Razorpay's default UPI block, which includes collect, away (netbanking and
 * wallets, which the default blocks offered, keep a block of their own). Razorpay shows the
 * intent flow on mobile web and a QR code instead on desktop web. Shapes from Razorpay's docs: Standard Checkout →
 * Configure Payment Methods (https://razorpay.com/docs/payments/payment-gateway/web-integration/standard/configure-payment-methods/)
 * and UPI Intent (https://razorpay.com/docs/payments/payment-methods/upi/upi-intent/).
 */
export function checkoutDisplayConfig(): CheckoutDisplayConfig {
  return {
    display: {
      blocks: {
        upi: {
          name: translate('checkout.upiBlock'),
          instruments: [{ method: 'upi', flows: ['intent', 'qr'] }],
        },
        card: { name: translate('checkout.cardBlock'), instruments: [{ method: 'card' }] },
        other: {
          name: translate('checkout.otherBlock'),
          instruments: [{ method: 'netbanking' }, { method: 'wallet' }],
        },
      },
      sequence: ['block.upi', 'block.card', 'block.other'],
      preferences: { show_default_blocks: false },
    },
  };
}

export interface RazorpayInstance {
  open(): void;
  on(event: 'payment.failed', callback: (response: RazorpayFailure) => void): void;
}

export type RazorpayConstructor = new (options: RazorpayOptions) => RazorpayInstance;

declare global {
  interface Window {
    Razorpay?: RazorpayConstructor;
  }
}

/** A checkout problem whose `message` is one of the spec's texts, ready to show. */
export class CheckoutError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'CheckoutError';
  }
}

/** How long the script may take before we give up (slow 3G still fits). */
export const CHECKOUT_LOAD_TIMEOUT_MS = 20_000;

let loading: Promise<RazorpayConstructor> | null = null;

/** Forgets a failed or finished load (tests, and a retry after a network error). */
export function resetCheckoutLoader(): void {
  loading = null;
}

function injectScript(url: string): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    const existing = document.querySelector<HTMLScriptElement>('script[data-checkout-sdk]');
    if (existing) existing.remove();
    const script = document.createElement('script');
    script.src = url;
    script.async = true;
    script.dataset.checkoutSdk = '';
    const timer = setTimeout(
      () => reject(new CheckoutError(MESSAGES.checkoutLoadFailed)),
      CHECKOUT_LOAD_TIMEOUT_MS,
    );
    script.onload = () => {
      clearTimeout(timer);
      resolve();
    };
    script.onerror = () => {
      clearTimeout(timer);
      script.remove();
      reject(new CheckoutError(MESSAGES.sdkLoadFailed));
    };
    document.head.appendChild(script);
  });
}

/**
 * Loads the checkout script from `scriptUrl` once (sandbox: our /sandbox/checkout.js; production: Razorpay's)
 * and resolves `window.Razorpay`. Rejects with a CheckoutError carrying one of the spec's messages; a failed load can be
 * retried by calling again.
 */
export function loadCheckout(scriptUrl: string): Promise<RazorpayConstructor> {
  if (typeof window === 'undefined' || typeof document === 'undefined') {
    return Promise.reject(new CheckoutError(MESSAGES.checkoutUnsupported));
  }
  if (window.Razorpay) return Promise.resolve(window.Razorpay);
  if (!scriptUrl) return Promise.reject(new CheckoutError(MESSAGES.checkoutLoadFailed));
  if (!loading) {
    loading = injectScript(scriptUrl)
      .then(() => {
        if (!window.Razorpay) throw new CheckoutError(MESSAGES.sdkMissing);
        return window.Razorpay;
      })
      .catch((error: unknown) => {
        loading = null;
        throw error instanceof CheckoutError ? error : new CheckoutError(MESSAGES.checkoutLoadFailed);
      });
  }
  return loading;
}

/** The order and payer a checkout is opened for. */
export interface CheckoutRequest {
  scriptUrl: string;
  key: string;
  order: { id: string; amount: number; currency: string };
  payerName?: string;
  /** The signed-in payer's phone (10 digits), prefilled as `+91…` so UPI and the receipt reach that number. */
  payerContact?: string;
}

/** What happens in the checkout. Real Razorpay keeps its dialog open after a failure, so `onFailed` may be followed by `onPaid`. */
export interface CheckoutCallbacks {
  onPaid: (response: RazorpaySuccess) => void;
  /** `message` is the provider's description or `Payment failed. Please try again.` */
  onFailed: (message: string) => void;
  onDismiss?: () => void;
}

/** The provider's failure description, else `Payment failed. Please try again.` */
export function failureMessage(response: RazorpayFailure | undefined): string {
  const description = response?.error?.description?.trim();
  return description ? description : MESSAGES.paymentFailed;
}

/**
 * Loads the script if needed, then opens checkout with these options (key, order id, amount, currency,
 * title and description in the chosen language, prefilled name, theme #38bdf8) and the payment methods of
 * checkoutDisplayConfig (UPI intent or QR, cards; never a UPI collect request). Resolves once the dialog is open; rejects with a
 * CheckoutError (a spec text) when the SDK cannot be loaded or constructed. The client never credits
 * anything itself: only the webhook does.
 */
export async function openCheckout(request: CheckoutRequest, callbacks: CheckoutCallbacks): Promise<void> {
  const Razorpay = await loadCheckout(request.scriptUrl);
  try {
    const instance = new Razorpay({
      key: request.key,
      order_id: request.order.id,
      amount: request.order.amount,
      currency: request.order.currency,
      // Our texts in the dialog, in the chosen language (English: CHECKOUT's, word for word).
      name: translate('checkout.title'),
      description: translate('checkout.description'),
      prefill: {
        ...(request.payerName ? { name: request.payerName } : {}),
        ...(request.payerContact ? { contact: `+91${request.payerContact}` } : {}),
      },
      theme: { color: CHECKOUT.themeColor },
      config: checkoutDisplayConfig(),
      handler: (response) => callbacks.onPaid(response),
      modal: { ondismiss: () => callbacks.onDismiss?.() },
    });
    instance.on('payment.failed', (response) => callbacks.onFailed(failureMessage(response)));
    instance.open();
  } catch {
    throw new CheckoutError(MESSAGES.checkoutLoadFailed);
  }
}
