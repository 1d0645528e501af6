// The send floor (bench/floors/README.md): the least a Node + PostgreSQL + ws tip server does. One transaction per
// tip with four prepared statements (debit, the creator's next version, the tip, the ledger row), then one frame
// to each socket of that creator, then the 200. No batching, no safety checks, no idempotency, no auth: the
// bearer token's subject is read, never verified. Plain JavaScript, no loader. Prints `listening <port>`.
import { Buffer } from 'node:buffer';
import http from 'node:http';
import process from 'node:process';
import pg from 'pg';
import { WebSocketServer } from 'ws';

const schema = process.env.FLOOR_SCHEMA ?? 'floor';
const pool = new pg.Pool({ connectionString: process.env.FLOOR_DATABASE_URL, max: 10 });
/** Creator user id → its open sockets. */
const rooms = new Map();

const DEBIT = `update ${schema}.wallets set balance_paise = balance_paise - $2
  where user_id = $1 and balance_paise >= $2 returning balance_paise`;
const NEXT_VERSION = `update ${schema}.creators set version = version + 1 where handle = $1 returning user_id, version`;
const INSERT_TIP = `insert into ${schema}.tips (creator_id, sender_id, amount_paise, message, version)
  values ($1, $2, $3, $4, $5) returning id, created_at`;
const INSERT_LEDGER = `insert into ${schema}.ledger (user_id, delta_paise, tip_id) values ($1, $2, $3)`;

/** The JWT's `sub`, unverified. */
function subject(token) {
  try {
    return JSON.parse(Buffer.from(String(token).split('.')[1], 'base64url').toString()).sub ?? null;
  } catch {
    return null;
  }
}

async function sendTip(senderId, { amount, message, creator }) {
  const amountPaise = Math.round(Number(amount) * 100);
  const client = await pool.connect();
  try {
    await client.query('begin');
    const debit = await client.query({ name: 'debit', text: DEBIT, values: [senderId, amountPaise] });
    const next = await client.query({ name: 'next', text: NEXT_VERSION, values: [creator] });
    if (debit.rowCount === 0 || next.rowCount === 0) {
      await client.query('rollback');
      return null;
    }
    const { user_id: creatorId, version } = next.rows[0];
    const values = [creatorId, senderId, amountPaise, message, version];
    const tip = (await client.query({ name: 'tip', text: INSERT_TIP, values })).rows[0];
    await client.query({ name: 'ledger', text: INSERT_LEDGER, values: [senderId, -amountPaise, tip.id] });
    await client.query('commit');
    const data = { id: String(tip.id), creatorId, amount, amountPaise, message, status: 'unread' };
    return {
      creatorId,
      version: Number(version),
      data: { ...data, createdAt: tip.created_at, version: Number(version) },
    };
  } catch (err) {
    await client.query('rollback').catch(() => undefined);
    throw err;
  } finally {
    client.release();
  }
}

const server = http.createServer((req, res) => {
  if (req.method === 'GET') return res.end('{"status":"ok"}');
  const chunks = [];
  req.on('data', (c) => chunks.push(c));
  req.on('end', () => {
    const senderId = subject(req.headers.authorization?.slice('Bearer '.length));
    sendTip(senderId, JSON.parse(Buffer.concat(chunks).toString())).then(
      (tip) => {
        if (!tip) {
          res.writeHead(400, { 'content-type': 'application/json' }).end('{"message":"refused"}');
          return;
        }
        const frame = JSON.stringify({
          type: 'tip:new',
          space: `creator:${tip.creatorId}`,
          version: tip.version,
          data: tip.data,
        });
        for (const ws of rooms.get(tip.creatorId) ?? []) ws.send(frame);
        res
          .writeHead(200, { 'content-type': 'application/json' })
          .end(JSON.stringify({ success: true, tip: tip.data }));
      },
      (err) => res.writeHead(500).end(String(err)),
    );
  });
});

const wss = new WebSocketServer({ server, path: '/ws', perMessageDeflate: false });
wss.on('connection', (ws) => {
  ws.once('message', (raw) => {
    const sub = subject(JSON.parse(raw.toString()).token);
    if (sub) {
      if (!rooms.has(sub)) rooms.set(sub, new Set());
      rooms.get(sub).add(ws);
      ws.on('close', () => rooms.get(sub)?.delete(ws));
    }
    ws.send(JSON.stringify({ type: 'welcome', rooms: sub ? [`creator:${sub}`] : [], versions: {} }));
  });
});

server.listen(0, '127.0.0.1', () => process.stdout.write(`listening ${server.address().port}\n`));
process.on('SIGTERM', () => process.exit(0));
