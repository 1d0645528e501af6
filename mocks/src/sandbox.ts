import { http, HttpResponse, type HttpHandler } from 'msw';
import type { MockState } from './state.ts';
import { markOrderPaid } from './resolvers/wallet.ts';

/** A tiny stand-in for the Razorpay checkout script in mock mode: Pay succeeds at once, Fail reports a failure. */
const CHECKOUT_JS = `(function () {
  function Razorpay(o) { this.o = o; this.failed = []; }
  Razorpay.isSandbox = true;
  Razorpay.prototype.on = function (ev, cb) { if (ev === 'payment.failed') this.failed.push(cb); };
  Razorpay.prototype.close = function () { if (this.box) this.box.remove(); };
  Razorpay.prototype.open = function () {
    var self = this, o = this.o, box = document.createElement('div');
    box.setAttribute('role', 'dialog'); box.setAttribute('aria-label', 'Mock checkout');
    box.style.cssText = 'position:fixed;inset:auto 1rem 1rem 1rem;z-index:9999;padding:1rem;background:#fff;color:#111;border-radius:12px;box-shadow:0 8px 30px rgba(0,0,0,.3)';
    box.textContent = 'Mock checkout: \\u20b9' + (o.amount / 100).toFixed(2) + ' ';
    function pay(outcome) {
      fetch('/sandbox/payments', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ orderId: o.order_id, outcome: outcome }) })
        .then(function (r) { return r.json(); })
        .then(function (d) {
          box.remove();
          if (d.razorpay_payment_id) { if (o.handler) o.handler(d); }
          else self.failed.forEach(function (cb) { cb({ error: d.error }); });
        });
    }
    var ok = document.createElement('button'); ok.textContent = 'Pay'; ok.onclick = function () { pay('success'); };
    var no = document.createElement('button'); no.textContent = 'Fail'; no.onclick = function () { pay('failure'); };
    var x = document.createElement('button'); x.textContent = 'Cancel'; x.onclick = function () { box.remove(); if (o.modal && o.modal.ondismiss) o.modal.ondismiss(); };
    box.append(ok, no, x); document.body.append(box); this.box = box;
  };
  window.Razorpay = Razorpay;
})();`;

/** The sandbox checkout routes mock mode answers instead of the Razorpay simulator. */
export function sandboxHandlers(state: MockState): HttpHandler[] {
  return [
    http.get(
      '*/sandbox/checkout.js',
      () => new HttpResponse(CHECKOUT_JS, { headers: { 'Content-Type': 'text/javascript' } }),
    ),
    http.post('*/sandbox/payments', async ({ request }) => {
      const body = (await request.json().catch(() => ({}))) as { orderId?: string; outcome?: string };
      const order = body.orderId ? state.orders.get(body.orderId) : undefined;
      if (!order || body.outcome === 'failure') {
        if (order) Object.assign(order, { status: 'failed', failureReason: 'Payment failed' });
        return HttpResponse.json(
          {
            error: {
              code: 'BAD_REQUEST_ERROR',
              description: 'Payment failed',
              reason: 'payment_failed',
              metadata: { order_id: body.orderId },
            },
          },
          { status: 400 },
        );
      }
      markOrderPaid(state, order.id);
      return HttpResponse.json({
        razorpay_payment_id: `pay_mock_${order.id.slice(-6)}`,
        razorpay_order_id: order.id,
        razorpay_signature: 'mock-signature',
      });
    }),
  ];
}
