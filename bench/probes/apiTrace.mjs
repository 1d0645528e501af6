// Per-tip stage times inside the API process for the send → socket phase of `npm run bench` (the tail).
// Loaded by bench/probes/apiProbe.mjs (bench only, never part of the product). While tracing is on (the bench creates
// `<probe file>.trace` before a latency window), it stamps every tip of that window, recognised by its
// Idempotency-Key / message (`lat<label>q<i>`, bench/phases/phases.ts), at each stage it passes:
//   req        the HTTP request's headers were parsed (http.Server 'request')
//   flush      the pool acquire for its group-commit batch began (the batch was taken off the queue)
//   dbStart    the batch statement was written to its connection (pg Client.query)
//   dbEnd      the batch statement returned (committed)
//   res        the HTTP response was handed to the kernel ('finish')
//   readStart  the realtime publish read that returned it was sent (creatorChangesSince; none when the tip was
//              pushed from its committed row)
//   readEnd    that read returned
//   writes     every ws send of its frame (one per socket)
// and the event loop's own stalls (a 2 ms timer that fired more than 6 ms late: [start, end]), GC pauses and
// bursts of other socket writes (heartbeat pings, payout and presence pushes).
// Times are epoch milliseconds (performance.timeOrigin + now()), comparable with the bench process's.
import { Buffer } from 'node:buffer';
import fs from 'node:fs';
import http from 'node:http';
import { performance, PerformanceObserver } from 'node:perf_hooks';
import { setTimeout } from 'node:timers';
import pg from 'pg';
import tarn from 'tarn';
import { WebSocket } from 'ws';

const KEY_RE = /lat([a-z0-9]+)q(\d+)$/;
const MESSAGE_RE = /^lat([a-z0-9]+)q(\d+)$/;
const FRAME_RE = /"message":"lat([a-z0-9]+)q(\d+)"/;
const now = () => performance.timeOrigin + performance.now();

/** Installs the stamps; `flagFile` switches tracing on while it exists. Returns the reader (resets on read). */
export function installTrace(flagFile) {
  let on = false;
  let tips = new Map();
  let stalls = [];
  let gcs = [];
  const refresh = () => {
    const was = on;
    on = fs.existsSync(flagFile);
    if (on && !was) {
      last = performance.now();
      setTimeout(tick, 2).unref();
    }
  };
  const rec = (label, i) => {
    const k = `${label}:${i}`;
    let r = tips.get(k);
    if (!r) {
      r = { writes: [] };
      tips.set(k, r);
    }
    return r;
  };
  const fromKey = (key) => {
    const m = typeof key === 'string' ? KEY_RE.exec(key) : null;
    return m ? rec(m[1], m[2]) : null;
  };

  // Event-loop stalls, with their times (the probe's histogram has no times). The 2 ms timer runs only while
  // tracing is on: 500 wake-ups a second would otherwise be charged to the product in every phase, and the floors
  // run without it.
  let last = performance.now();
  function tick() {
    if (!on) return;
    const t = performance.now();
    if (t - last > 6) stalls.push([performance.timeOrigin + last, performance.timeOrigin + t]);
    last = t;
    setTimeout(tick, 2).unref();
  }
  new PerformanceObserver((list) => {
    if (!on) return;
    for (const e of list.getEntries())
      gcs.push([performance.timeOrigin + e.startTime, e.duration, e.detail?.kind ?? 0]);
  }).observe({ entryTypes: ['gc'] });

  const emit = http.Server.prototype.emit;
  http.Server.prototype.emit = function tracedEmit(event, req, res) {
    if (on && event === 'request') {
      const r = fromKey(req.headers['idempotency-key']);
      if (r) {
        r.req = now();
        res.once('finish', () => (r.res = now()));
      }
    }
    return emit.apply(this, arguments);
  };

  // The batch's connection: when its acquire began (= when the batch left the queue).
  const acquire = tarn.Pool.prototype.acquire;
  tarn.Pool.prototype.acquire = function tracedAcquire(...args) {
    const t = now();
    const pending = acquire.apply(this, args);
    if (on)
      pending.promise.then(
        (conn) => conn && typeof conn === 'object' && (conn.__benchAcquiredFrom = t),
        () => undefined,
      );
    return pending;
  };

  traceQueries(() => on, rec, fromKey);

  // Bursts of other writes (heartbeat pings, payout and presence pushes…): [start, end, count, what], a burst
  // ending when 5 ms pass without a write of the same kind.
  let bursts = [];
  const open = new Map();
  const burst = (what) => {
    const t = now();
    const b = open.get(what);
    if (b && t - b[1] < 5) {
      b[1] = t;
      b[2]++;
      return;
    }
    const fresh = [t, t, 1, what];
    open.set(what, fresh);
    bursts.push(fresh);
  };

  // One frame buffer is shared by every socket of a room: parse it once.
  const frames = new WeakMap();
  const send = WebSocket.prototype.send;
  WebSocket.prototype.send = function tracedSend(data, ...rest) {
    if (on && Buffer.isBuffer(data)) {
      let r = frames.get(data);
      if (r === undefined) {
        const head = data.toString('latin1', 0, Math.min(data.length, 4096));
        const m = FRAME_RE.exec(head);
        r = m ? rec(m[1], m[2]) : (/^\{"type":"([^"]+)"/.exec(head)?.[1] ?? 'other');
        frames.set(data, r);
      }
      if (typeof r === 'string') burst(r);
      else r.writes.push(now());
    }
    return send.call(this, data, ...rest);
  };
  const ping = WebSocket.prototype.ping;
  WebSocket.prototype.ping = function tracedPing(...args) {
    if (on) burst('heartbeat ping');
    return ping.apply(this, args);
  };

  return {
    refresh,
    read() {
      const out = { tips: Object.fromEntries(tips), stalls, gcs, bursts };
      tips = new Map();
      stalls = [];
      gcs = [];
      bursts = [];
      open.clear();
      return out;
    },
  };
}

/** Stamps the group-commit batch statement (flush, dbStart, dbEnd) and the publish read (readStart, readEnd). */
function traceQueries(isOn, rec, fromKey) {
  const query = pg.Client.prototype.query;
  pg.Client.prototype.query = function tracedQuery(config, values, callback) {
    const text = typeof config === 'object' && config ? config.text : undefined;
    const cb = typeof values === 'function' ? values : callback;
    if (!isOn() || typeof text !== 'string' || typeof cb !== 'function') return query.apply(this, arguments);
    const t = now();
    if (text.includes('shabaash_send_wallet_tips(')) {
      const keys = (config.values ?? []).find(
        (v) => Array.isArray(v) && v.some((k) => typeof k === 'string' && KEY_RE.test(k)),
      );
      const recs = (keys ?? []).map(fromKey).filter(Boolean);
      const flush = this.__benchAcquiredFrom ?? t;
      for (const r of recs) Object.assign(r, { flush, dbStart: t, batch: keys.length });
      const wrapped = (...a) => {
        const e = now();
        for (const r of recs) r.dbEnd = e;
        return cb(...a);
      };
      return typeof values === 'function'
        ? query.call(this, config, wrapped)
        : query.call(this, config, values, wrapped);
    }
    if (text.includes('from tips t left join users u')) {
      const wrapped = (err, result, ...rest) => {
        const e = now();
        for (const row of result?.rows ?? []) {
          const m = typeof row.message === 'string' ? MESSAGE_RE.exec(row.message) : null;
          const r = m ? rec(m[1], m[2]) : null;
          if (r && r.readEnd === undefined) Object.assign(r, { readStart: t, readEnd: e });
        }
        return cb(err, result, ...rest);
      };
      return typeof values === 'function'
        ? query.call(this, config, wrapped)
        : query.call(this, config, values, wrapped);
    }
    return query.apply(this, arguments);
  };
}
