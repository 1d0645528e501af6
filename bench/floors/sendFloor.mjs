// The send floor (bench/floors/README.md): the least a Node + PostgreSQL + ws tip server does. One transaction per
// tip with four prepared statements (debit, the creator's next version, the tip, the ledger row), then one frame
// to each socket of that creator, then the 200. No batching, no safety checks, no idempotency, no auth: the
// bearer token's subject is read, never verified. Plain JavaScript, no loader. Prints `listening <port>`.
import { Buffer } from 'node:buffer';
import http from 'node:http';
import process from 'node:process';
import pg from 'pg';
import { WebSocketServer } from 'ws';
import { floorTip } from './sendFloorTip.mjs';

const schema = process.env.FLOOR_SCHEMA ?? 'floor';
const pool = new pg.Pool({ connectionString: process.env.FLOOR_DATABASE_URL, max: 10 });
/** Creator user id → its open sockets. */
const rooms = new Map();

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
    const tip = await floorTip(client, schema, senderId, { amountPaise, message, creator });
    if (!tip) return null;
    const data = { id: tip.id, creatorId: tip.creatorId, amount, amountPaise, message, status: 'unread' };
    return {
      creatorId: tip.creatorId,
      version: tip.version,
      data: { ...data, createdAt: tip.createdAt, version: tip.version },
    };
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
