import { renderSVG } from 'uqr';
import type { SimOrder } from './entities.ts';

/**
 * The merchant's UPI address and name in the sandbox's intent links and QR codes. The address does not exist on
 * any UPI network, so a real UPI app that somehow read a sandbox code could not pay it.
 */
export const SANDBOX_PAYEE = { vpa: 'shabaash.sandbox@razorpay', name: 'Shabaash' } as const;

/**
 * The UPI payment link of an order, as NPCI's linking specification writes it and Razorpay's intent and QR flows
 * hand to the payer's app: `upi://pay?pa=<payee VPA>&pn=<payee name>&am=<rupees, 2 decimals>&cu=INR&tr=<order id>`.
 */
export function upiPayUri(order: Pick<SimOrder, 'id' | 'amount' | 'currency'>): string {
  const params = new URLSearchParams({
    pa: SANDBOX_PAYEE.vpa,
    pn: SANDBOX_PAYEE.name,
    am: (order.amount / 100).toFixed(2),
    cu: order.currency,
    tr: order.id,
  });
  return `upi://pay?${params.toString()}`;
}

/** The QR code of an order's UPI payment link, as an SVG document (what the desktop checkout shows to scan). */
export function upiQrSvg(order: Pick<SimOrder, 'id' | 'amount' | 'currency'>): string {
  return renderSVG(upiPayUri(order), { border: 2 });
}
