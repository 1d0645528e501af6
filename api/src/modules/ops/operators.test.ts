import { spawn } from 'node:child_process';
import path from 'node:path';
import { randomInt } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@shabaash/shared';
import { authEmulatorUrl, createTestApp, type TestApp } from '../../../test/harness.ts';
import { getPhoneIdToken } from '../../../test/firebaseEmulator.ts';
import { buildOperator, buildUser, randomPhone } from '../../../test/factories.ts';
import { recordOperatorAction } from './audit.ts';

const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
const PROJECT = 'demo-shabaash';
const PASSWORD = 'opspass123';

let app: TestApp;

/** Runs the real `npm run operator:<command>` script against this file's database; the password on stdin. */
function operatorCommand(
  command: 'add' | 'remove',
  args: string[],
  stdin = '',
): Promise<{ code: number | null; out: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', 'api/src/modules/ops/operators.cli.ts', command, ...args],
      {
        cwd: REPO_ROOT,
        env: { ...process.env, DATABASE_URL: app.databaseUrl, NODE_ENV: 'development', LOG_LEVEL: 'silent' },
        stdio: ['pipe', 'pipe', 'pipe'],
      },
    );
    let out = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr.on('data', (d: Buffer) => (out += d.toString()));
    child.on('error', reject);
    child.on('exit', (code) => resolve({ code, out }));
    child.stdin.end(stdin);
  });
}

const addOperator = (phone: string, name = 'Nisha Ops', password = PASSWORD) =>
  operatorCommand('add', ['--phone', phone, '--name', name, '--password-stdin'], `${password}\n`);

/** A fresh client address per call (TRUST_PROXY is on), so per-IP limits never leak between tests. */
const clientIp = () => ({ 'x-forwarded-for': `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}` });

async function opsLogin(phone: string, password: string, firebaseToken?: string) {
  return app.request<{ token?: string; user?: { role: string }; message?: string }>(
    'POST',
    '/api/ops/login',
    {
      body: {
        phone,
        password,
        firebaseToken: firebaseToken ?? (await getPhoneIdToken(authEmulatorUrl(), PROJECT, phone)),
      },
      headers: clientIp(),
    },
  );
}

describe('operator accounts: made and removed from the command line only', () => {
  beforeAll(async () => {
    app = await createTestApp({ env: { TRUST_PROXY: 'true' } });
  });

  it('operator:add makes an operator whose password is stored hashed; a second add for the phone is refused', async () => {
    const phone = randomPhone();
    const made = await addOperator(phone);
    expect(made.out).toMatch(/operator added/);
    expect(made.code).toBe(0);
    const row = await app.deps.db('users').where({ phone }).first();
    expect(row).toMatchObject({ role: 'operator', name: 'Nisha Ops' });
    expect(row.password_hash).toMatch(/^\$argon2id\$/);
    const again = await addOperator(phone, 'Someone Else');
    expect(again.code).toBe(1);
    expect(again.out).toContain(MESSAGES.phoneTaken);
    expect(await app.deps.db('users').where({ phone })).toHaveLength(1);
  });

  it('operator:add refuses a phone that a viewer already uses, a weak password and a bad phone', async () => {
    const viewer = await buildUser(app.deps.db, app.deps.config);
    expect((await addOperator(viewer.phone)).out).toContain(MESSAGES.phoneTaken);
    const weak = await addOperator(randomPhone(), 'Nisha Ops', '12345');
    expect(weak.code).toBe(1);
    expect(weak.out).toContain('Password must be at least 6 characters.');
    const badPhone = await addOperator('12345');
    expect(badPhone.code).toBe(1);
    expect(badPhone.out).toContain(MESSAGES.invalidPhone);
    expect((await app.deps.db('users').where({ id: viewer.id }).first()).role).toBe('viewer');
  });

  it('an operator signs in at /ops with password and OTP, never through /auth/login or a password reset', async () => {
    const phone = randomPhone();
    expect((await addOperator(phone)).code).toBe(0);
    const login = await app.request('POST', '/api/auth/login', {
      body: { phone, password: PASSWORD },
      headers: clientIp(),
    });
    expect(login).toMatchObject({
      status: 403,
      body: { code: 'FORBIDDEN', message: MESSAGES.operatorSignsInAtOps },
    });
    const reset = await app.request('POST', '/api/auth/reset-password', {
      body: {
        phone,
        password: 'newpass123',
        firebaseToken: await getPhoneIdToken(authEmulatorUrl(), PROJECT, phone),
      },
      headers: clientIp(),
    });
    expect(reset).toMatchObject({ status: 403, body: { message: MESSAGES.operatorSignsInAtOps } });

    const signedIn = await opsLogin(phone, PASSWORD);
    expect(signedIn.status).toBe(200);
    expect(signedIn.body.user?.role).toBe('operator');
    const me = await app.request<{ user: { role: string; phone: string } }>('GET', '/api/users/me', {
      token: signedIn.body.token,
    });
    expect(me.body.user).toMatchObject({ role: 'operator', phone });
    const audit = await app.request('GET', '/api/ops/audit', { token: signedIn.body.token });
    expect(audit.status).toBe(200);
  });

  it('/ops/login refuses a wrong password, an OTP used before, another phone’s OTP and a viewer', async () => {
    const phone = randomPhone();
    expect((await addOperator(phone)).code).toBe(0);
    expect(await opsLogin(phone, 'wrong-password')).toMatchObject({
      status: 401,
      body: { message: MESSAGES.invalidCredentials },
    });
    const token = await getPhoneIdToken(authEmulatorUrl(), PROJECT, phone);
    expect((await opsLogin(phone, PASSWORD, token)).status).toBe(200);
    expect(await opsLogin(phone, PASSWORD, token)).toMatchObject({
      status: 401,
      body: { message: MESSAGES.phoneTokenUsed },
    });
    const otherPhoneToken = await getPhoneIdToken(authEmulatorUrl(), PROJECT, randomPhone());
    expect((await opsLogin(phone, PASSWORD, otherPhoneToken)).status).toBe(401);
    const viewerPhone = randomPhone();
    const viewer = await app.request('POST', '/api/auth/register', {
      body: {
        dateOfBirth: '1990-06-15',
        name: 'Asha Rao',
        phone: viewerPhone,
        password: PASSWORD,
        firebaseToken: await getPhoneIdToken(authEmulatorUrl(), PROJECT, viewerPhone),
      },
      headers: clientIp(),
    });
    expect(viewer.status).toBe(201);
    expect(await opsLogin(viewerPhone, PASSWORD)).toMatchObject({
      status: 403,
      body: { message: MESSAGES.notAnOperator },
    });
  });

  it('operator:remove ends their sessions and keeps their audit rows; the phone is free again', async () => {
    const phone = randomPhone();
    expect((await addOperator(phone, 'Ravi Ops')).code).toBe(0);
    const signedIn = await opsLogin(phone, PASSWORD);
    const operatorId = (await app.deps.db('users').where({ phone }).first()).id as string;
    const targetId = crypto.randomUUID();
    await recordOperatorAction(app.deps.db, {
      operatorId,
      action: 'tip.refund',
      targetKind: 'tip',
      targetId,
      before: null,
      after: { refundedPaise: 100 },
      reason: 'sent twice by mistake',
    });
    const removed = await operatorCommand('remove', ['--phone', phone]);
    expect(removed.out).toMatch(/operator removed/);
    expect(removed.code).toBe(0);
    expect((await app.request('GET', '/api/ops/audit', { token: signedIn.body.token })).status).toBe(401);
    expect((await opsLogin(phone, PASSWORD)).status).toBe(401);
    expect(await app.deps.db('operator_audit').where({ target_id: targetId }).first()).toMatchObject({
      operator_id: operatorId,
      operator_name: 'Ravi Ops',
    });
    expect((await operatorCommand('remove', ['--phone', phone])).code).toBe(1);
    expect((await addOperator(phone, 'Ravi Ops')).code).toBe(0);
  });

  it('an operator cannot turn itself into a creator (which would sign in without the OTP)', async () => {
    const operator = await buildOperator(app.deps.db, app.deps.config);
    const res = await app.request('POST', '/api/creator/profile', {
      token: operator.token,
      body: { handle: `ops-${operator.id.slice(0, 8)}`, displayName: 'Ops Channel' },
    });
    expect(res).toMatchObject({ status: 403, body: { message: MESSAGES.operatorNotCreator } });
    expect(await app.deps.db('users').where({ id: operator.id }).first()).toMatchObject({ role: 'operator' });
    expect(await app.deps.db('creators').where({ user_id: operator.id }).first()).toBeUndefined();
  });

  it('operator:remove refuses a viewer’s phone (only operators are removed this way)', async () => {
    const viewer = await buildUser(app.deps.db, app.deps.config);
    const res = await operatorCommand('remove', ['--phone', viewer.phone]);
    expect(res.code).toBe(1);
    expect(res.out).toContain('No operator uses this phone number.');
    expect(await app.deps.db('users').where({ id: viewer.id }).first()).toMatchObject({ deleted_at: null });
  });
});
