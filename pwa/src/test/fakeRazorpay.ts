import type { RazorpayFailure, RazorpayOptions } from '../payments/checkout.ts';

/** A test double of Checkout.js's `window.Razorpay`: records every checkout opened and lets a test settle it. */
export interface FakeCheckout {
  options: RazorpayOptions;
  isOpen: boolean;
  pay(paymentId?: string): void;
  fail(description?: string | null): void;
  dismiss(): void;
}

/** Installs a fake `window.Razorpay`; returns the list of opened checkouts and an uninstall function. */
export function installFakeRazorpay(): { opened: FakeCheckout[]; uninstall: () => void } {
  const opened: FakeCheckout[] = [];
  class FakeRazorpay {
    private failed: Array<(response: RazorpayFailure) => void> = [];
    constructor(readonly options: RazorpayOptions) {}
    on(_event: 'payment.failed', callback: (response: RazorpayFailure) => void) {
      this.failed.push(callback);
    }
    open() {
      const failed = this.failed;
      const checkout: FakeCheckout = {
        options: this.options,
        isOpen: true,
        pay: (paymentId = 'pay_test_1') => {
          checkout.isOpen = false;
          this.options.handler({
            razorpay_payment_id: paymentId,
            razorpay_order_id: this.options.order_id,
            razorpay_signature: 'sig',
          });
        },
        fail: (description = 'Payment was declined by the bank.') => {
          checkout.isOpen = false;
          for (const cb of failed) cb({ error: { code: 'BAD_REQUEST_ERROR', description } });
        },
        dismiss: () => {
          checkout.isOpen = false;
          this.options.modal.ondismiss();
        },
      };
      opened.push(checkout);
    }
  }
  window.Razorpay = FakeRazorpay;
  return {
    opened,
    uninstall: () => {
      delete window.Razorpay;
    },
  };
}
