import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@shabaash/shared';
import { AppError } from '../http/errors.ts';
import { freePort } from '../ports.ts';
import {
  decodeJwt,
  encodeJwt,
  forgeIdToken,
  getPhoneIdToken,
  sendVerificationCode,
  tamperPhone,
} from '../../test/firebaseEmulator.ts';
import { startAuthEmulator, type AuthEmulator } from './emulator.ts';
import { readLatestCode } from './emulatorCodes.ts';
import { createPhoneIdentity, type FirebasePhoneIdentity } from './phoneIdentity.ts';

const PROJECT = 'demo-shabaash';
const PHONE = '9876543210';
const OTHER_PHONE = '9123456780';

let workDir: string;
let emulator: AuthEmulator;
let identity: FirebasePhoneIdentity;
let token: string;
const emulatorLog: string[] = [];

/** Runs verifyPhoneToken and returns the AppError it threw (fails the test if it resolved). */
async function rejection(idToken: string, phone10: string): Promise<AppError> {
  try {
    await identity.verifyPhoneToken(idToken, phone10);
  } catch (err) {
    if (err instanceof AppError) return err;
    throw err;
  }
  throw new Error('verifyPhoneToken accepted a token it should have rejected');
}

describe('phone identity against the real Auth emulator', () => {
  beforeAll(async () => {
    workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shabaash-fbemu-'));
    // The first helper port it picks is already taken (as when another process grabs it before the CLI binds).
    const squatter = net.createServer();
    await new Promise<void>((resolve) => squatter.listen(0, '127.0.0.1', resolve));
    const taken = (squatter.address() as net.AddressInfo).port;
    let picks = 0;
    try {
      emulator = await startAuthEmulator({
        port: await freePort(),
        projectId: PROJECT,
        workDir,
        pickPort: async () => (picks++ === 0 ? taken : freePort()),
        log: (line) => emulatorLog.push(line),
      });
    } finally {
      squatter.close();
    }
    identity = createPhoneIdentity({ projectId: PROJECT, emulatorHost: emulator.host });
    token = await getPhoneIdToken(emulator.url, PROJECT, PHONE);
  }, 90_000);

  afterAll(async () => {
    await identity?.close();
    await emulator?.stop();
    fs.rmSync(workDir, { recursive: true, force: true });
  });

  it('started after retrying with other ports when a helper port it picked was taken', () => {
    expect(emulatorLog.filter((line) => line.includes('Retrying with other ports.'))).toHaveLength(1);
  });

  it('accepts a real OTP token for the same phone', async () => {
    await expect(identity.verifyPhoneToken(token, PHONE)).resolves.toBeUndefined();
  });

  it('rejects a real token presented with a different phone', async () => {
    const err = await rejection(token, OTHER_PHONE);
    expect(err.code).toBe('UNAUTHENTICATED');
    expect(err.status).toBe(401);
    expect(err.message).toBe(MESSAGES.phoneTokenMismatch);
  });

  it('rejects a forged unsigned token for a uid the emulator never issued', async () => {
    const err = await rejection(forgeIdToken(PHONE, PROJECT), PHONE);
    expect(err.code).toBe('UNAUTHENTICATED');
    expect(err.message).toBe(MESSAGES.invalidPhoneToken);
  });

  it('rejects a real token whose phone claim was tampered with', async () => {
    const err = await rejection(tamperPhone(token, OTHER_PHONE), OTHER_PHONE);
    expect(err.message).toBe(MESSAGES.invalidPhoneToken);
  });

  it('rejects a token issued for another Firebase project', async () => {
    const { header, payload } = decodeJwt(token);
    const foreign = encodeJwt(header, {
      ...payload,
      aud: 'demo-other',
      iss: 'https://securetoken.google.com/demo-other',
    });
    const err = await rejection(foreign, PHONE);
    expect(err.message).toBe(MESSAGES.invalidPhoneToken);
  });

  it('rejects an expired token', async () => {
    const { header, payload } = decodeJwt(token);
    const past = Math.floor(Date.now() / 1000) - 7200;
    const expired = encodeJwt(header, { ...payload, iat: past, auth_time: past, exp: past + 3600 });
    const err = await rejection(expired, PHONE);
    expect(err.message).toBe(MESSAGES.invalidPhoneToken);
  });

  it('rejects garbage and empty tokens', async () => {
    expect((await rejection('not-a-token', PHONE)).message).toBe(MESSAGES.invalidPhoneToken);
    expect((await rejection('', PHONE)).message).toBe(MESSAGES.invalidPhoneToken);
  });

  it('reads the newest unused OTP sent to a phone, and null once used or never sent', async () => {
    const phone = '9000000001';
    await sendVerificationCode(emulator.url, phone);
    const second = await sendVerificationCode(emulator.url, phone);
    const latest = await readLatestCode(emulator.url, PROJECT, `+91${phone}`);
    expect(latest).toMatch(/^\d{6}$/);
    expect(latest).toBe(await readLatestCode(emulator.url, PROJECT, `+91${phone}`, second));
    expect(await readLatestCode(emulator.url, PROJECT, '+910000000000')).toBeNull();
    // The emulator drops a code once it signed someone in with it.
    await getPhoneIdToken(emulator.url, PROJECT, '9000000002');
    expect(await readLatestCode(emulator.url, PROJECT, '+919000000002')).toBeNull();
  });

  it('stops without leaving the emulator listening', async () => {
    await emulator.stop();
    await expect(fetch(`${emulator.url}/`, { signal: AbortSignal.timeout(1_000) })).rejects.toThrow();
  });
});
