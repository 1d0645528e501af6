// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  loadCheckout,
  openCheckout,
  resetCheckoutLoader,
  failureMessage,
  type RazorpayConstructor,
} from './checkout.ts';
import { installFakeRazorpay } from '../test/fakeRazorpay.ts';
import { checkoutOptions } from '../test/checkoutTests.ts';

let injected: HTMLScriptElement[] = [];

beforeEach(() => {
  injected = [];
  resetCheckoutLoader();
  delete window.Razorpay;
  // Capture the script tag instead of letting the DOM fetch it; each test plays the browser's part.
  vi.spyOn(document.head, 'appendChild').mockImplementation(<T extends Node>(node: T): T => {
    injected.push(node as unknown as HTMLScriptElement);
    return node;
  });
});
afterEach(() => {
  vi.restoreAllMocks();
  delete window.Razorpay;
});

describe('loadCheckout', () => {
  it('injects the script once for concurrent callers and resolves window.Razorpay', async () => {
    const a = loadCheckout('/sandbox/checkout.js');
    const b = loadCheckout('/sandbox/checkout.js');
    expect(injected).toHaveLength(1);
    expect(injected[0]!.src).toContain('/sandbox/checkout.js');
    const { uninstall } = installFakeRazorpay();
    injected[0]!.onload?.(new Event('load'));
    const [ra, rb] = await Promise.all([a, b]);
    expect(ra).toBe(window.Razorpay);
    expect(rb).toBe(ra);
    // Already loaded: no second script.
    await loadCheckout('/sandbox/checkout.js');
    expect(injected).toHaveLength(1);
    uninstall();
  });

  it('reports a script error with the SDK message, and can retry afterwards', async () => {
    const first = loadCheckout('https://checkout.example/v1/checkout.js');
    injected[0]!.onerror?.(new Event('error'));
    await expect(first).rejects.toThrow(
      'Failed to load the payment provider SDK. Check your network connection.',
    );
    const second = loadCheckout('https://checkout.example/v1/checkout.js');
    expect(injected).toHaveLength(2);
    installFakeRazorpay();
    injected[1]!.onload?.(new Event('load'));
    await expect(second).resolves.toBeTypeOf('function');
  });

  it('reports a loaded script without window.Razorpay', async () => {
    const loading = loadCheckout('/sandbox/checkout.js');
    injected[0]!.onload?.(new Event('load'));
    await expect(loading).rejects.toThrow('SDK not available in window.');
  });
});

describe('openCheckout', () => {
  it('passes the spec options and reports each outcome', async () => {
    const { opened } = installFakeRazorpay();
    const onPaid = vi.fn();
    const onFailed = vi.fn();
    await openCheckout(
      {
        scriptUrl: '/x.js',
        key: 'rzp_test_1',
        order: { id: 'order_1', amount: 25000, currency: 'INR' },
        payerName: 'Asha',
      },
      { onPaid, onFailed },
    );
    expect(opened[0]!.options).toMatchObject(checkoutOptions('rzp_test_1', 'order_1', 25000, 'Asha'));
    opened[0]!.fail('Card declined');
    expect(onFailed).toHaveBeenCalledWith('Card declined');
    opened[0]!.pay('pay_9');
    expect(onPaid).toHaveBeenCalledWith(
      expect.objectContaining({ razorpay_payment_id: 'pay_9', razorpay_order_id: 'order_1' }),
    );
  });

  it('offers UPI by intent or QR code, cards, netbanking and wallets, never a UPI collect request', async () => {
    const { opened } = installFakeRazorpay();
    await openCheckout(
      { scriptUrl: '/x.js', key: 'rzp_test_1', order: { id: 'order_2', amount: 10_000, currency: 'INR' } },
      { onPaid() {}, onFailed() {} },
    );
    const { display } = opened[0]!.options.config;
    // Only our blocks: Razorpay's default UPI block would bring the collect flow back.
    expect(display.preferences.show_default_blocks).toBe(false);
    expect(display.sequence).toEqual(['block.upi', 'block.card', 'block.other']);
    expect(display.blocks.upi).toEqual({
      name: 'Pay by UPI',
      instruments: [{ method: 'upi', flows: ['intent', 'qr'] }],
    });
    expect(display.blocks.card?.instruments).toEqual([{ method: 'card' }]);
    expect(display.blocks.other?.instruments).toEqual([{ method: 'netbanking' }, { method: 'wallet' }]);
    const flows = Object.values(display.blocks).flatMap((b) =>
      b.instruments.flatMap((i) => (i.method === 'upi' ? i.flows : [])),
    );
    expect(flows).not.toContain('collect');
  });

  it('turns a constructor that throws into the checkout error', async () => {
    window.Razorpay = class {
      constructor() {
        throw new Error('No key passed');
      }
    } as unknown as RazorpayConstructor; // a deliberately broken SDK
    await expect(
      openCheckout(
        { scriptUrl: '/x.js', key: '', order: { id: 'o', amount: 100, currency: 'INR' } },
        { onPaid() {}, onFailed() {} },
      ),
    ).rejects.toThrow('Unable to load checkout. Check your network and try again.');
  });

  it('falls back to the spec failure text', () => {
    expect(failureMessage({ error: { description: '  ' } })).toBe('Payment failed. Please try again.');
    expect(failureMessage(undefined)).toBe('Payment failed. Please try again.');
  });
});
