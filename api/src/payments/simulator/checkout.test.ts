// @vitest-environment happy-dom
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Window as HappyWindow } from 'happy-dom';
import Koa from 'koa';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createRazorpayGateway, makeReceipt, type PaymentGateway } from '../gateway.ts';
import { rawBodyServer } from '../../../test/webhookReceiver.ts';
import type { RazorpayErrorBody } from './entities.ts';
import { startRazorpaySimulator, type RazorpaySimulator } from './index.ts';

const KEY_ID = 'rzp_test_checkouttest1';
const KEY_SECRET = 'checkout_test_secret_abcdef';

interface CheckoutOptions {
  key: string;
  order_id: string;
  amount?: number;
  currency?: string;
  name?: string;
  description?: string;
  prefill?: { name?: string; email?: string; contact?: string };
  theme?: { color?: string };
  config?: unknown;
  handler?: (response: {
    razorpay_payment_id: string;
    razorpay_order_id: string;
    razorpay_signature: string;
  }) => void;
  modal?: { ondismiss?: () => void };
}
interface CheckoutInstance {
  open(): CheckoutInstance;
  on(
    event: 'payment.failed',
    cb: (response: {
      error: RazorpayErrorBody['error'] & { metadata: { order_id: string; payment_id: string } };
    }) => void,
  ): CheckoutInstance;
}
type RazorpayCtor = new (options: CheckoutOptions) => CheckoutInstance;

let sim: RazorpaySimulator;
let gateway: PaymentGateway;
let server: Server;
let origin = '';
let scriptText = '';
let receiver: Server;
const webhooks: Array<{ event: string; valid: boolean }> = [];

// The api project compiles without the DOM lib; reach the DOM through happy-dom's own types instead.
const win = (globalThis as unknown as { window: HappyWindow }).window;
const document = win.document;
const Rzp = () => (win as unknown as { Razorpay: RazorpayCtor }).Razorpay;
const dialog = () => document.querySelector('[role="dialog"]');
const button = (label: RegExp) =>
  [...document.querySelectorAll('button')].find((b) => label.test(b.textContent ?? '')) as unknown as {
    click(): void;
  };

beforeAll(async () => {
  receiver = rawBodyServer((raw, req, res) => {
    webhooks.push({
      event: (JSON.parse(raw.toString('utf8')) as { event: string }).event,
      valid: gateway.verifyWebhookSignature(raw, req.headers['x-razorpay-signature'] as string),
    });
    res.writeHead(200).end();
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  const hookUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/api/webhooks/razorpay`;
  sim = await startRazorpaySimulator({
    keyId: KEY_ID,
    keySecret: KEY_SECRET,
    webhookSecret: 'whsec',
    webhookUrl: () => hookUrl,
  });
  gateway = createRazorpayGateway({
    keyId: KEY_ID,
    keySecret: KEY_SECRET,
    webhookSecret: 'whsec',
    timeoutMs: 3000,
    hostUrl: sim.apiBaseUrl,
  });
  const app = new Koa();
  const router = sim.browserRouter();
  app.use(router.routes());
  server = await new Promise<Server>((resolve) => {
    const s = app.listen(0, '127.0.0.1', () => resolve(s));
  });
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  // Same origin as the page, as in the app; happy-dom's fetch then needs no CORS.
  win.happyDOM.setURL(`${origin}/add-money`);
  const res = await fetch(`${origin}/sandbox/checkout.js`);
  expect(res.headers.get('content-type')).toContain('javascript');
  scriptText = await res.text();
  (win as unknown as { RazorpaySandboxBase: string }).RazorpaySandboxBase = `${origin}/sandbox/`;
  (0, eval)(scriptText);
});

afterAll(async () => {
  await win.happyDOM.waitUntilComplete(); // the dialogs' order reads, before the server goes
  await sim.idle();
  await sim.stop();
  await new Promise((r) => server.close(r));
  await new Promise((r) => receiver.close(r));
});

/** The PWA's checkout options for payment methods (pwa/src/payments/checkout.ts, checkoutDisplayConfig). */
const NO_COLLECT = {
  display: {
    blocks: {
      upi: { name: 'Pay by UPI', instruments: [{ method: 'upi', flows: ['intent', 'qr'] }] },
      card: { name: 'Pay by card', instruments: [{ method: 'card' }] },
    },
    sequence: ['block.upi', 'block.card'],
    preferences: { show_default_blocks: false },
  },
};
const PHONE_UA =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Mobile Safari/537.36';

/** Runs `body` with the browser's user agent set to `userAgent` (happy-dom's navigator reads its settings). */
async function withUserAgent(userAgent: string, body: () => Promise<void>) {
  const settings = win.happyDOM.settings.navigator;
  const before = settings.userAgent;
  settings.userAgent = userAgent;
  try {
    await body();
  } finally {
    settings.userAgent = before;
  }
}

const visible = (node: unknown) => {
  const n = node as unknown as { hidden: boolean; style: { display: string } } | null | undefined;
  return !!n && !n.hidden && n.style.display !== 'none';
};
const upiUri = () => document.querySelector('[data-upi-uri]')?.textContent ?? '';

async function order(amountPaise: number) {
  return gateway.createOrder({ amountPaise, receipt: makeReceipt('co'), notes: { purpose: 'wallet_topup' } });
}

/** A new order of `amountPaise` opened in Checkout without the collect flow; its dialog and success handler. */
async function openUpiCheckout(amountPaise: number) {
  const o = await order(amountPaise);
  const handler = vi.fn();
  new (Rzp())({
    key: KEY_ID,
    order_id: o.id,
    amount: o.amount,
    name: 'Tip',
    config: NO_COLLECT,
    handler,
  }).open();
  return { o, handler, d: dialog()! };
}

describe('sandbox checkout.js', () => {
  it('defines window.Razorpay with the Checkout surface', () => {
    const R = Rzp();
    expect(typeof R).toBe('function');
    expect(typeof R.prototype.open).toBe('function');
    expect(typeof R.prototype.on).toBe('function');
    expect(() => new R({ key: '', order_id: 'order_x' })).toThrow('No key passed');
  });

  it('opens an accessible dialog and pays: handler gets a verifiable signature', async () => {
    const o = await order(25_000);
    const handler = vi.fn();
    const ondismiss = vi.fn();
    new (Rzp())({
      key: KEY_ID,
      order_id: o.id,
      amount: o.amount,
      currency: 'INR',
      name: 'Shabaash Superchat',
      description: 'Support the creator with a superchat',
      prefill: { name: 'Asha' },
      theme: { color: '#38bdf8' },
      handler,
      modal: { ondismiss },
    }).open();

    const d = dialog();
    expect(d).not.toBeNull();
    expect(d!.getAttribute('aria-modal')).toBe('true');
    expect(document.getElementById(d!.getAttribute('aria-labelledby')!)?.textContent).toBe(
      'Shabaash Superchat',
    );
    expect(d!.textContent).toContain('Support the creator with a superchat');
    expect(d!.textContent).toContain('₹250.00');
    expect(
      [...d!.querySelectorAll('input[type=radio]')].map((r) => (r as unknown as { value: string }).value),
    ).toEqual(['upi', 'card']);
    expect(d!.contains(document.activeElement)).toBe(true);

    button(/^Pay ₹250\.00$/).click();
    await vi.waitFor(() => expect(handler).toHaveBeenCalledTimes(1));
    const response = handler.mock.calls[0]![0] as {
      razorpay_payment_id: string;
      razorpay_order_id: string;
      razorpay_signature: string;
    };
    expect(response.razorpay_order_id).toBe(o.id);
    expect(
      gateway.verifyPaymentSignature(
        response.razorpay_order_id,
        response.razorpay_payment_id,
        response.razorpay_signature,
      ),
    ).toBe(true);
    expect(dialog()).toBeNull();
    expect(ondismiss).not.toHaveBeenCalled();
    expect(await gateway.fetchOrder(o.id)).toMatchObject({ status: 'paid' });
    await sim.idle();
    expect(webhooks).toEqual([
      { event: 'payment.captured', valid: true },
      { event: 'order.paid', valid: true },
    ]);
  });

  it('Simulate failure calls payment.failed with the provider description', async () => {
    const o = await order(9_900);
    const failed = vi.fn();
    const handler = vi.fn();
    new (Rzp())({ key: KEY_ID, order_id: o.id, amount: o.amount, currency: 'INR', name: 'Tip', handler })
      .on('payment.failed', failed)
      .open();
    button(/^Simulate failure$/).click();
    await vi.waitFor(() => expect(failed).toHaveBeenCalledTimes(1));
    expect(failed.mock.calls[0]![0]).toMatchObject({
      error: {
        code: 'BAD_REQUEST_ERROR',
        description: 'Payment failed because the UPI app declined the request',
        metadata: { order_id: o.id, payment_id: expect.stringMatching(/^pay_/) },
      },
    });
    expect(handler).not.toHaveBeenCalled();
    expect((await gateway.fetchOrderPayments(o.id))[0]).toMatchObject({ status: 'failed' });
  });

  it('Escape closes the dialog and calls modal.ondismiss; Tab stays inside', async () => {
    const o = await order(500);
    const ondismiss = vi.fn();
    new (Rzp())({
      key: KEY_ID,
      order_id: o.id,
      amount: o.amount,
      handler: vi.fn(),
      modal: { ondismiss },
    }).open();
    const d = dialog()!;
    const buttons = [...d.querySelectorAll('button')];
    buttons[buttons.length - 1]!.focus();
    document.dispatchEvent(new win.KeyboardEvent('keydown', { key: 'Tab', bubbles: true }));
    expect(d.contains(document.activeElement)).toBe(true);
    document.dispatchEvent(new win.KeyboardEvent('keydown', { key: 'Escape', bubbles: true }));
    expect(ondismiss).toHaveBeenCalledTimes(1);
    expect(dialog()).toBeNull();
    expect(await gateway.fetchOrderPayments(o.id)).toEqual([]);
  });

  it("on a desktop, UPI is a QR code of the order's upi://pay link that a sandbox phone scans to pay", async () => {
    const { o, handler, d } = await openUpiCheckout(12_345);
    expect(d.querySelector('[data-upi-flow]')?.getAttribute('data-upi-flow')).toBe('qr');
    expect(d.textContent).toContain('Scan the QR code with any UPI app');
    const img = d.querySelector('img');
    expect(img?.getAttribute('alt')).toBe('UPI QR code');
    expect(img?.getAttribute('src')).toBe(`${origin}/sandbox/orders/${o.id}/upi-qr.svg`);
    const svg = await fetch(img!.getAttribute('src')!);
    expect(svg.headers.get('content-type')).toContain('image/svg+xml');
    expect(await svg.text()).toMatch(/^<svg[^>]*viewBox="0 0 (\d+) \1"[\s\S]*<path/);
    await vi.waitFor(() =>
      expect(upiUri()).toBe(
        `upi://pay?pa=shabaash.sandbox%40razorpay&pn=Shabaash&am=123.45&cu=INR&tr=${o.id}`,
      ),
    );
    // No UPI ID to type: the collect flow is not offered, and no app list (that is the phone's flow).
    expect(d.querySelector('input[type=text]')).toBeNull();
    expect(d.querySelector('[data-upi-collect]')).toBeNull();
    expect(d.querySelector('[data-upi-app]')).toBeNull();
    button(/^Pay ₹123\.45$/).click();
    await vi.waitFor(() => expect(handler).toHaveBeenCalledTimes(1));
    expect((await gateway.fetchOrderPayments(o.id))[0]).toMatchObject({ status: 'captured', method: 'upi' });
  });

  it('on a phone, UPI is the intent flow: a UPI app opens the link and approves the payment', async () => {
    await withUserAgent(PHONE_UA, async () => {
      const { o, handler, d } = await openUpiCheckout(10_000);
      expect(d.querySelector('[data-upi-flow]')?.getAttribute('data-upi-flow')).toBe('intent');
      expect(d.querySelector('img')).toBeNull();
      expect(d.querySelector('input[type=text]')).toBeNull();
      const apps = [...d.querySelectorAll('[data-upi-app]')].map((a) => a.textContent);
      expect(apps).toEqual(['Google Pay', 'PhonePe', 'Paytm', 'BHIM']);
      // Nothing to approve until an app is chosen.
      expect(visible(button(/^Pay ₹100\.00$/))).toBe(false);
      await vi.waitFor(() => expect(upiUri()).toMatch(/^upi:\/\/pay\?pa=.+&am=100\.00&cu=INR&tr=order_/));
      button(/^PhonePe$/).click();
      expect(d.textContent).toContain('PhonePe (sandbox UPI app) asks you to approve the payment to Tip.');
      expect(visible(button(/^Pay ₹100\.00$/))).toBe(true);
      button(/^Pay ₹100\.00$/).click();
      await vi.waitFor(() => expect(handler).toHaveBeenCalledTimes(1));
      expect((await gateway.fetchOrder(o.id)).status).toBe('paid');
    });
  });

  it("honours the options: Razorpay's default blocks still include the collect flow (a typed UPI ID); card-only hides UPI", async () => {
    const o = await order(5_000);
    new (Rzp())({ key: KEY_ID, order_id: o.id, amount: o.amount, handler: vi.fn() }).open();
    expect(dialog()!.querySelector('[data-upi-flow]')?.getAttribute('data-upi-flow')).toBe('qr');
    expect(document.querySelector('label[for$="-vpa"]')?.textContent).toBe('UPI ID');
    document.dispatchEvent(new win.KeyboardEvent('keydown', { key: 'Escape', bubbles: true }));
    const collectOnly = {
      display: {
        blocks: { upi: { name: 'UPI', instruments: [{ method: 'upi', flows: ['collect'] }] } },
        sequence: ['block.upi'],
        preferences: { show_default_blocks: false },
      },
    };
    new (Rzp())({
      key: KEY_ID,
      order_id: o.id,
      amount: o.amount,
      config: collectOnly,
      handler: vi.fn(),
    }).open();
    expect(dialog()!.querySelector('[data-upi-flow]')?.getAttribute('data-upi-flow')).toBe('collect');
    expect(dialog()!.querySelector('img')).toBeNull();
    expect(document.querySelector('label[for$="-vpa"]')?.textContent).toBe('UPI ID');
    document.dispatchEvent(new win.KeyboardEvent('keydown', { key: 'Escape', bubbles: true }));
    const cardOnly = { display: { ...NO_COLLECT.display, hide: [{ method: 'upi' }] } };
    new (Rzp())({ key: KEY_ID, order_id: o.id, amount: o.amount, config: cardOnly, handler: vi.fn() }).open();
    expect(
      [...dialog()!.querySelectorAll('input[type=radio]')].map(
        (r) => (r as unknown as { value: string }).value,
      ),
    ).toEqual(['card']);
    document.dispatchEvent(new win.KeyboardEvent('keydown', { key: 'Escape', bubbles: true }));
  });
});
