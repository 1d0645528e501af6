/**
 * Bad input torture: every route of the shared `endpoints` contract (plus the Razorpay webhook) is fed
 * generated malformed, oversized, wrong-typed and hostile bodies and queries, anonymously, with a garbage
 * token and with valid viewer and creator tokens. Every answer is a 4xx carrying the envelope's `message` and
 * `code` (a GET with a harmless query may answer 2xx) — never a 5xx — and the database is left unchanged.
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { endpoints, endpointPath } from '@shabaash/shared';
import { createTestApp } from '../harness.ts';
import { buildCreator, buildUser, ledgerMismatches } from '../factories.ts';

const app = await createTestApp({ youtube: true });
const { db, config } = app.deps;

const viewer = await buildUser(db, config, { balancePaise: 50_000 });
const creator = await buildCreator(db, config, { handle: 'torture-creator' });
// A tip of ANOTHER creator, so ids in paths hit a real row that neither principal may touch.
const otherCreator = await buildCreator(db, config, { handle: 'someone-else' });
const tipSend = await app.request<{ tip: { id: string } }>('POST', '/api/tips/send', {
  token: viewer.token,
  body: { amount: 12, message: 'hello', creator: otherCreator.handle },
});
if (tipSend.status !== 200)
  throw new Error(`seed tip failed: ${tipSend.status} ${JSON.stringify(tipSend.body)}`);
const realTipId = tipSend.body.tip.id;

/** A fingerprint of every table that a request could change (rate-limit counters and session stamps aside). */
async function snapshot(): Promise<Record<string, string>> {
  const tables = await db.raw<{ rows: Array<{ table_name: string }> }>(
    `select table_name from information_schema.tables
     where table_schema = 'public' and table_type = 'BASE TABLE'
       and table_name not like 'knex_%' and table_name not in ('rate_limits', 'sessions')`,
  );
  const out: Record<string, string> = {};
  for (const { table_name } of tables.rows) {
    const row = await db.raw<{ rows: Array<{ h: string; n: string }> }>(
      `select md5(coalesce(string_agg(t::text, '|' order by t::text), '')) as h, count(*) as n from "${table_name}" t`,
    );
    out[table_name] = `${row.rows[0]?.n}:${row.rows[0]?.h}`;
  }
  const live = await db('sessions').whereNull('revoked_at').count<{ count: string }[]>();
  out.sessions_live = String(live[0]?.count);
  return out;
}

// ---------- generators ----------

const deep = (depth: number, leaf: unknown): unknown => {
  let v = leaf;
  for (let i = 0; i < depth; i++) v = i % 2 ? [v] : { a: v };
  return v;
};

const HOSTILE_STRINGS = [
  "' OR '1'='1' --",
  "'); drop table users; --",
  '1; select pg_sleep(5)',
  '<script>alert(1)</script>',
  '${7*7}{{7*7}}',
  '\u0000',
  'nul\u0000in the middle',
  '\ud800', // lone surrogate
  '🙏🏽💸₹'.repeat(50),
  'रुपये भेजो',
  '\u202eevil\u202c',
  'a'.repeat(300_000),
  ' ',
  '',
  '9999999999999999999999999',
  '-1',
  '1e309',
  'NaN',
  'Infinity',
  '0x10',
  '__proto__',
];

const HOSTILE_VALUES: unknown[] = [
  ...HOSTILE_STRINGS,
  null,
  true,
  0,
  -1,
  Number.MAX_VALUE,
  1e21,
  -0.001,
  0.001,
  12.345,
  Number.MAX_SAFE_INTEGER + 2,
  [],
  [1, 2, 3],
  {},
  { $gt: '' },
  deep(50, 'x'),
];

/** Keys a route might read: the schema's own keys plus common ones. */
function keysOf(schema: unknown): string[] {
  const shape = (schema as { shape?: Record<string, unknown> } | undefined)?.shape;
  return Object.keys(shape ?? {});
}
const COMMON_KEYS = [
  'amount',
  'message',
  'creator',
  'phone',
  'password',
  'name',
  'idToken',
  'status',
  'key',
  'image',
];

/** A generated hostile body for a route whose input schema has `keys`. */
const bodyArb = (keys: string[]) => {
  const allKeys = [...new Set([...keys, ...COMMON_KEYS])];
  const hostile = fc.constantFrom(...HOSTILE_VALUES);
  return fc.oneof(
    { weight: 3, arbitrary: fc.anything({ withNullPrototype: true, withBigInt: false, maxDepth: 4 }) },
    {
      weight: 4,
      arbitrary: fc.dictionary(fc.constantFrom(...allKeys), fc.oneof(hostile, fc.anything({ maxDepth: 2 }))),
    },
    {
      weight: 1,
      arbitrary: fc.constantFrom(
        JSON.parse(
          '{"__proto__": {"isAdmin": true, "role": "creator"}, "constructor": {"prototype": {"x": 1}}}',
        ) as unknown,
        deep(5000, 1),
        Object.fromEntries(allKeys.map((k) => [k, 'x'.repeat(200_000)])),
        Object.fromEntries(Array.from({ length: 5000 }, (_, i) => [`k${i}`, i])),
      ),
    },
  );
};

/** Raw (non-JSON or odd-typed) bodies. */
const RAW_BODIES: Array<{ raw: string | Buffer; type?: string }> = [
  { raw: '{"amount":' },
  { raw: 'null' },
  { raw: '"just a string"' },
  { raw: '[[[[[[[[[[' },
  { raw: Buffer.from([0xff, 0xfe, 0x00, 0x41, 0xc3, 0x28]) },
  { raw: 'amount=1&message=hi', type: 'application/x-www-form-urlencoded' },
  { raw: '<xml>1</xml>', type: 'text/xml' },
  { raw: `{"a":"${'b'.repeat(1_300_000)}"}` }, // big, but under the 1.4 MB limit
];

const queryArb = (keys: string[]) =>
  fc
    .array(
      fc.tuple(
        fc.constantFrom(
          ...keys,
          'limit',
          'since',
          'creator',
          'key',
          'status',
          'search',
          'sort',
          '__proto__',
          'constructor',
        ),
        fc.oneof(
          fc.constantFrom(...HOSTILE_STRINGS.map((s) => s.slice(0, 2000))),
          fc.string({ maxLength: 40 }),
        ),
      ),
      { maxLength: 6 },
    )
    .map((pairs) => {
      const params = new URLSearchParams();
      for (const [k, v] of pairs) params.append(k, v);
      return params.toString();
    });

const PATH_IDS = [
  realTipId,
  '00000000-0000-0000-0000-000000000000',
  'not-a-uuid',
  "1' or '1'='1",
  '..%2f..%2fetc%2fpasswd',
  '9'.repeat(40),
  '%00',
];

// ---------- the run ----------

type Principal = { name: string; token?: string };
const PRINCIPALS: Principal[] = [
  { name: 'anonymous' },
  { name: 'garbage token', token: 'eyJhbGciOiJub25lIn0.eyJzdWIiOiJ4In0.' },
  { name: 'viewer', token: viewer.token },
  { name: 'creator', token: creator.token },
];

/**
 * Routes whose bodies are ignored (or all optional) and which a valid principal would really act on: logout, key
 * rotation, a stream's start and end, the show's test alert and Skip reading (overlay messages, nothing stored),
 * the subathon timer's start, pause and resume, Connect YouTube's start (a consent URL and its state) and Disconnect.
 */
const MUTATES_WITHOUT_INPUT = new Set([
  'logout',
  'rotateOverlayKey',
  'startStream',
  'endStream',
  'sendTestAlert',
  'skipSpeech',
  'replayAlert',
  'startTimer',
  'pauseTimer',
  'resumeTimer',
  'connectYouTube',
  'disconnectYouTube',
]);
/** Read-only POSTs: a generated body that happens to be valid may answer 2xx (it still changes nothing). */
const READ_ONLY_POSTS = new Set(['safetyCheck']);

interface Call {
  method: string;
  path: string;
  token?: string;
  body?: unknown;
  raw?: string | Buffer;
  type?: string;
}

const failures: string[] = [];

async function check(name: string, call: Call, allow2xx: boolean): Promise<void> {
  const headers: Record<string, string> = {};
  if (call.type) headers['content-type'] = call.type;
  let status: number;
  let body: unknown;
  try {
    const res = await app.request(call.method, call.path, {
      token: call.token,
      headers,
      ...(call.raw !== undefined
        ? { rawBody: call.raw }
        : call.body !== undefined
          ? { rawBody: safeStringify(call.body) }
          : {}),
    });
    status = res.status;
    body = res.body;
  } catch (err) {
    failures.push(`${name} ${call.method} ${call.path.slice(0, 80)}: request failed ${String(err)}`);
    return;
  }
  const describeCall = () =>
    `${name} ${call.method} ${call.path.slice(0, 120)} body=${(call.raw !== undefined ? String(call.raw) : (safeStringify(call.body) ?? '')).slice(0, 200)} → ${status} ${JSON.stringify(body).slice(0, 200)}`;
  if (status >= 500) failures.push(`5xx: ${describeCall()}`);
  else if (status >= 200 && status < 300 && !allow2xx) failures.push(`accepted: ${describeCall()}`);
  else if (status >= 400) {
    const env = body as { message?: unknown; code?: unknown } | null;
    if (typeof env?.message !== 'string' || typeof env.code !== 'string' || !env.message)
      failures.push(`no envelope: ${describeCall()}`);
  }
}

function safeStringify(v: unknown): string | undefined {
  try {
    return JSON.stringify(v) ?? 'null';
  } catch {
    return '{}';
  }
}

async function inBatches<T>(items: T[], size: number, fn: (item: T) => Promise<void>): Promise<void> {
  for (let i = 0; i < items.length; i += size) await Promise.all(items.slice(i, i + size).map(fn));
}

const routes = [
  ...Object.entries(endpoints).map(([name, e]) => ({
    name,
    method: e.method as string,
    path: e.path,
    input: 'input' in e ? e.input : undefined,
    query: 'query' in e ? e.query : undefined,
  })),
  { name: 'razorpayWebhook', method: 'POST', path: '/webhooks/razorpay', input: undefined, query: undefined },
];

describe('bad input on every route', () => {
  for (const route of routes) {
    it(
      `${route.method} /api${route.path} (${route.name}) answers 4xx with the envelope and changes nothing`,
      { timeout: 60_000 },
      async () => {
        const before = await snapshot();
        const paths = route.path.includes(':')
          ? PATH_IDS.map((id) => `/api${endpointPath(route.path, { id, token: id, handle: id })}`)
          : [`/api${route.path}`];
        const calls: Array<{ principal: Principal; call: Call; allow2xx: boolean }> = [];
        for (const principal of PRINCIPALS) {
          if (MUTATES_WITHOUT_INPUT.has(route.name) && principal.token && principal.name !== 'garbage token')
            continue;
          for (const path of paths) {
            if (route.method === 'GET') {
              const queries = fc.sample(queryArb(keysOf(route.query)), { numRuns: 12, seed: 42 });
              for (const q of queries)
                calls.push({
                  principal,
                  call: { method: 'GET', path: q ? `${path}?${q}` : path, token: principal.token },
                  allow2xx: true,
                });
              continue;
            }
            const bodies = fc.sample(bodyArb(keysOf(route.input)), {
              numRuns: path === paths[0] ? 18 : 3,
              seed: 7,
            });
            for (const body of bodies)
              calls.push({
                principal,
                call: { method: route.method, path, token: principal.token, body },
                allow2xx: READ_ONLY_POSTS.has(route.name),
              });
            for (const raw of path === paths[0] ? RAW_BODIES : []) {
              calls.push({
                principal,
                call: { method: route.method, path, token: principal.token, raw: raw.raw, type: raw.type },
                allow2xx: false,
              });
            }
          }
        }
        const start = failures.length;
        await inBatches(calls, 6, ({ principal, call, allow2xx }) => check(principal.name, call, allow2xx));
        // A body over the limit is refused with 413 before anything runs.
        if (route.method !== 'GET') {
          const huge = await app.request<{ code: string; message: string }>(
            route.method,
            `/api${endpointPath(route.path, { id: realTipId, token: realTipId, handle: realTipId })}`,
            {
              token: viewer.token,
              rawBody: `{"message":"${'x'.repeat(1_500_000)}"}`,
            },
          );
          expect(huge.status).toBe(413);
          expect(huge.body).toMatchObject({ code: 'PAYLOAD_TOO_LARGE', message: expect.any(String) });
        }
        expect(failures.slice(start)).toEqual([]);
        expect(await snapshot()).toEqual(before);
      },
    );
  }

  it(
    'hostile values in otherwise valid bodies (accepted or refused) never cause a 5xx',
    { timeout: 60_000 },
    async () => {
      const spender = await buildUser(db, config, { balancePaise: 1_000_000 });
      const wannabe = await buildUser(db, config);
      const bases: Array<{
        name: string;
        method: string;
        path: string;
        token?: string;
        body: Record<string, unknown>;
      }> = [
        {
          name: 'sendTip',
          method: 'POST',
          path: '/api/tips/send',
          token: spender.token,
          body: { amount: 2, message: 'hi', creator: otherCreator.handle },
        },
        {
          name: 'guestOrder',
          method: 'POST',
          path: '/api/tips/guest/order',
          body: { amount: 5, message: 'hi', name: 'Guest', creator: otherCreator.handle, ageConfirmed: true },
        },
        {
          name: 'addMoney',
          method: 'POST',
          path: '/api/wallet/add-money',
          token: spender.token,
          body: { amount: 5 },
        },
        {
          name: 'safetyCheck',
          method: 'POST',
          path: '/api/safety/check',
          body: { creator: otherCreator.handle, message: 'hi' },
        },
        {
          name: 'register',
          method: 'POST',
          path: '/api/auth/register',
          body: {
            firebaseToken: 'x',
            name: 'A',
            phone: '9876543210',
            password: 'secret1',
            dateOfBirth: '1990-06-15',
          },
        },
        {
          name: 'becomeCreator',
          method: 'POST',
          path: '/api/creator/profile',
          token: wannabe.token,
          body: { handle: 'brand-new', displayName: 'New' },
        },
        {
          name: 'saveSettings',
          method: 'PUT',
          path: '/api/creator/settings',
          token: creator.token,
          body: { overlayTheme: 'neon', font: 'Inter', color: '#112233', sound: 'chime' },
        },
        {
          name: 'updateCreatorSafety',
          method: 'PUT',
          path: '/api/creator/safety',
          token: creator.token,
          body: {
            blockedTerms: ['spam'],
            minTipAmount: 1,
            maxMessageLength: 200,
            reviewMode: 'queue_all',
            autoLiveMinAmount: 0,
          },
        },
        {
          name: 'blockSender',
          method: 'POST',
          path: '/api/creator/safety/blocked-senders',
          token: creator.token,
          body: { phone: '9876543210' },
        },
        {
          name: 'updateProfilePic',
          method: 'PUT',
          path: '/api/users/profile-picture',
          token: spender.token,
          body: { profilePic: 'data:image/png;base64,iVBORw0KGgo=' },
        },
        {
          name: 'createLead',
          method: 'POST',
          path: '/api/leads',
          body: { name: 'A', email: 'a@b.in', phone: '9876543210', tags: ['x'] },
        },
      ];
      const values: unknown[] = [
        ...HOSTILE_VALUES,
        ['\u0000'],
        ['a'.repeat(150)],
        'data:\u0000',
        '#1122\u0000',
        'x\u0000y',
      ];
      const start = failures.length;
      for (const base of bases) {
        const calls: Call[] = [];
        for (const key of Object.keys(base.body)) {
          for (const value of values)
            calls.push({
              method: base.method,
              path: base.path,
              token: base.token,
              body: { ...base.body, [key]: value },
            });
        }
        await inBatches(calls, 6, (call) => check(base.name, call, true));
      }
      expect(failures.slice(start)).toEqual([]);
      expect(await ledgerMismatches(db)).toEqual([]);
    },
  );

  it('leaves the ledger consistent and the seeded tip untouched', async () => {
    expect(await ledgerMismatches(db)).toEqual([]);
    const tip = await db('tips')
      .where({ id: realTipId })
      .first<{ status: string; deleted_at: Date | null }>('status', 'deleted_at');
    expect(tip).toMatchObject({ status: 'unread', deleted_at: null });
    const balance = await app.request<{ balancePaise: number }>('GET', '/api/wallet/balance', {
      token: viewer.token,
    });
    expect(balance.body.balancePaise).toBe(50_000 - 1200 + 12);
  });
});
