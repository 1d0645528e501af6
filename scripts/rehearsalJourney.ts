/**
 * The smoke journey of the production rehearsal (scripts/productionRehearsal.ts), through real clients against a
 * product started with production settings: the PWA's HTML is served; a creator signs up through the Auth emulator
 * the way the app does (OTP read from the emulator, Firebase ID token, register, creator profile); a guest tips
 * that creator: the order is made through the API, paid through the simulator's sandbox pay endpoint, the
 * simulator's signed webhook reaches the product, and the tip appears in the creator's list.
 */
import { randomInt } from 'node:crypto';
import { getPhoneIdToken } from '../api/test/firebaseEmulator.ts';

type Step = <T>(name: string, work: () => T | Promise<T>) => Promise<T>;

interface Answer<T> {
  status: number;
  body: T;
}

async function call<T>(
  url: string,
  init: { method?: string; token?: string; body?: unknown } = {},
): Promise<Answer<T>> {
  const res = await fetch(url, {
    method: init.method ?? (init.body === undefined ? 'GET' : 'POST'),
    headers: {
      ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
    },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
    signal: AbortSignal.timeout(15_000),
  });
  const text = await res.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    // not JSON: kept as text
  }
  return { status: res.status, body: body as T };
}

function expectStatus(answer: Answer<unknown>, status: number, what: string): void {
  if (answer.status !== status)
    throw new Error(`${what} answered ${answer.status}, not ${status}: ${JSON.stringify(answer.body)}`);
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

interface Health {
  status: string;
  parts: Record<string, { mode: string; status: string; reason?: string }>;
}

/** Waits for /api/health 200 with every part ok, and checks the modes of the parts named in `modes`. */
export async function waitForHealth(url: string, modes: Record<string, string>): Promise<void> {
  const deadline = Date.now() + 60_000;
  let last: Answer<Health> | null = null;
  while (Date.now() < deadline) {
    last = await call<Health>(`${url}/api/health`).catch(() => null);
    if (last?.status === 200) break;
    await sleep(250);
  }
  if (last?.status !== 200) throw new Error(`/api/health never answered 200: ${JSON.stringify(last?.body)}`);
  for (const [name, mode] of Object.entries(modes)) {
    const part = last.body.parts[name];
    if (part?.mode !== mode || part.status !== 'ok')
      throw new Error(`/api/health part ${name} is ${JSON.stringify(part)}, not ${mode} and ok`);
  }
  console.log(
    `    health: ${Object.entries(last.body.parts)
      .map(([name, part]) => `${name} ${part.mode} ${part.status}`)
      .join('; ')}`,
  );
}

export async function runSmokeJourney(opts: {
  url: string;
  simUrl: string;
  emulatorUrl: string;
  projectId: string;
  step: Step;
}): Promise<void> {
  const { url, step } = opts;
  await step('journey: the PWA is served', async () => {
    const res = await fetch(`${url}/`);
    const html = await res.text();
    if (
      res.status !== 200 ||
      !res.headers.get('content-type')?.includes('text/html') ||
      !html.includes('<script')
    )
      throw new Error(
        `GET / answered ${res.status} ${res.headers.get('content-type')}: ${html.slice(0, 200)}`,
      );
  });

  const phone = `9${String(randomInt(10 ** 8, 10 ** 9))}`;
  const handle = `rehearsal${randomInt(10 ** 6)}`;
  const creatorToken = await step('journey: a creator signs up through the Auth emulator', async () => {
    const firebaseToken = await getPhoneIdToken(opts.emulatorUrl, opts.projectId, phone);
    const registered = await call<{ token: string }>(`${url}/api/auth/register`, {
      body: {
        name: 'Rehearsal Creator',
        phone,
        password: 'rehearsal-password-1',
        firebaseToken,
        dateOfBirth: '1990-06-15',
      },
    });
    expectStatus(registered, 201, 'POST /api/auth/register');
    const profile = await call(`${url}/api/creator/profile`, {
      token: registered.body.token,
      body: { handle, displayName: 'Rehearsal Creator' },
    });
    expectStatus(profile, 201, 'POST /api/creator/profile');
    return registered.body.token;
  });

  const message = `Shabaash from the production rehearsal ${randomInt(10 ** 6)}`;
  const orderId = await step('journey: a guest orders a tip through the API', async () => {
    const order = await call<{ order: { id: string; amount: number } }>(`${url}/api/tips/guest/order`, {
      body: { amount: 51, name: 'Rehearsal Guest', message, creator: handle, ageConfirmed: true },
    });
    expectStatus(order, 200, 'POST /api/tips/guest/order');
    if (order.body.order.amount !== 5_100)
      throw new Error(`the order is for ${order.body.order.amount} paise`);
    return order.body.order.id;
  });

  await step(
    'journey: the guest pays through the simulator; its signed webhook reaches the product',
    async () => {
      const paid = await call(`${opts.simUrl}/sandbox/payments`, {
        body: { orderId, outcome: 'success', method: 'upi', vpa: 'rehearsal@okaxis' },
      });
      expectStatus(paid, 200, 'POST /sandbox/payments (simulator)');
      const deadline = Date.now() + 30_000;
      let status = '';
      while (Date.now() < deadline) {
        const order = await call<{ status: string }>(
          `${url}/api/payments/orders/${encodeURIComponent(orderId)}`,
        );
        status = order.body.status;
        if (status === 'paid') return;
        await sleep(250);
      }
      throw new Error(`the order is still "${status}" 30 s after payment`);
    },
  );

  await step("journey: the tip appears in the creator's list", async () => {
    const chats = await call<{
      tips: Array<{ message: string; amountPaise: number; guestName: string | null }>;
    }>(`${url}/api/creator/chats`, { token: creatorToken });
    expectStatus(chats, 200, 'GET /api/creator/chats');
    const tip = chats.body.tips.find((t) => t.message === message);
    if (!tip || tip.amountPaise !== 5_100 || tip.guestName !== 'Rehearsal Guest')
      throw new Error(
        `the creator's list holds no ₹51 tip from the guest: ${JSON.stringify(chats.body.tips)}`,
      );
  });
}
