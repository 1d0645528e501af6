export { startRazorpaySimulator, DEFAULT_SWITCHES } from './simulator.ts';
export type {
  RazorpaySimulator,
  RazorpaySimulatorOptions,
  SimulatorSwitches,
  WebhookDelivery,
  WebhookEnvelope,
  WebhookEventName,
  PayInput,
  PayResult,
} from './simulator.ts';
export type { SimOrder, SimPayment, PaymentMethod } from './entities.ts';
export { CHECKOUT_SCRIPT } from './checkoutScript.ts';
