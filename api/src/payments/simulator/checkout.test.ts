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
  await sim.idle();
  await sim.stop();
  await new Promise((r) => server.close(r));
  await new Promise((r) => receiver.close(r));
});

async function order(amountPaise: number) {
  return gateway.createOrder({ amountPaise, receipt: makeReceipt('co'), notes: { purpose: 'wallet_topup' } });
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
});
