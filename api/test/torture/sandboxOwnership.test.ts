/**
 * Two instances started with the default settings on one machine: each owns the sandbox parts it started (its
 * own Auth emulator, on a free port when 127.0.0.1:9099 is taken) and stops them with itself, and /api/health
 * tells the truth about each part.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startProduct, type RunningProduct } from '../product.ts';
import { getPhoneIdToken } from '../firebaseEmulator.ts';
import { authEmulatorAnswers, startAuthEmulator } from '../../src/identity/emulator.ts';
import { freePort } from '../../src/ports.ts';

const PROJECT = 'demo-shabaash';
const running: RunningProduct[] = [];
afterAll(async () => {
  for (const product of running) await product.stop();
});

/** Starts the product as `npm start` does with the default Auth emulator setting (FIREBASE_AUTH_EMULATOR_HOST unset). */
async function startWithDefaults(env: Record<string, string | undefined> = {}): Promise<RunningProduct> {
  const product = await startProduct({ FIREBASE_AUTH_EMULATOR_HOST: undefined, ...env });
  running.push(product);
  return product;
}

async function emulatorUrlOf(product: RunningProduct): Promise<string> {
  const config = (await (await fetch(`${product.url}/api/config`)).json()) as {
    firebase: { emulatorUrl: string };
  };
  return config.firebase.emulatorUrl;
}

interface Health {
  status: string;
  parts: Record<string, { mode: string; status: string; reason?: string }>;
  down?: string[];
}

async function health(product: RunningProduct): Promise<{ status: number; body: Health }> {
  const res = await fetch(`${product.url}/api/health`);
  return { status: res.status, body: (await res.json()) as Health };
}

async function signUp(product: RunningProduct, phone: string): Promise<number> {
  const firebaseToken = await getPhoneIdToken(await emulatorUrlOf(product), PROJECT, phone);
  const res = await fetch(`${product.url}/api/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      name: 'Asha Rao',
      phone,
      password: 'secret123',
      firebaseToken,
      dateOfBirth: '1990-06-15',
    }),
  });
  return res.status;
}

/** SIGINT (Ctrl-C) and the milliseconds until the process exited. */
async function ctrlC(product: RunningProduct): Promise<number> {
  const started = Date.now();
  const exited = new Promise((resolve) => product.process.once('exit', resolve));
  product.process.kill('SIGINT');
  await exited;
  return Date.now() - started;
}

describe('sandbox parts belong to the instance that started them', () => {
  it('a second instance with default settings starts its own Auth emulator; after the first stops, it still signs people up', async () => {
    const first = await startWithDefaults();
    const second = await startWithDefaults();
    const firstEmulator = await emulatorUrlOf(first);
    const secondEmulator = await emulatorUrlOf(second);
    expect(secondEmulator).not.toBe(firstEmulator);

    expect(await ctrlC(first)).toBeLessThan(10_000);
    expect(await authEmulatorAnswers(firstEmulator)).toBe(false); // stopped with the instance that started it

    const { status, body } = await health(second);
    expect(status).toBe(200);
    expect(body.parts.identity).toEqual({ mode: 'emulator (started by this instance)', status: 'ok' });
    expect(await signUp(second, '9876500011')).toBe(201);

    expect(await ctrlC(second)).toBeLessThan(10_000);
    expect(await authEmulatorAnswers(secondEmulator)).toBe(false);
  }, 600_000);

  it('/api/health reports each part with its mode, and answers 503 naming identity when the Auth emulator it uses stops', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'shabaash-emulator-'));
    const emulator = await startAuthEmulator({
      port: await freePort(),
      projectId: PROJECT,
      workDir: dir,
      startTimeoutMs: Number(process.env.AUTH_EMULATOR_START_TIMEOUT_MS) || undefined,
    });
    try {
      const product = await startWithDefaults({ FIREBASE_AUTH_EMULATOR_HOST: emulator.host });
      const before = await health(product);
      expect(before.status).toBe(200);
      expect(before.body.parts).toEqual({
        database: { mode: 'embedded', status: 'ok' },
        identity: { mode: 'emulator (external)', status: 'ok' },
        payments: { mode: 'simulator (started by this instance)', status: 'ok' },
        realtime: { mode: 'LISTEN shabaash_changes', status: 'ok' },
        webhookWorker: { mode: 'process', status: 'ok' },
      });
      await emulator.stop();
      const after = await health(product);
      expect(after.status).toBe(503);
      expect(after.body.status).toBe('degraded');
      expect(after.body.parts.identity).toMatchObject({
        status: 'down',
        reason: expect.any(String) as string,
      });
      expect(after.body.parts.database?.status).toBe('ok');
      expect(after.body.down).toEqual(['identity']);
    } finally {
      await emulator.stop();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }, 600_000);
});
