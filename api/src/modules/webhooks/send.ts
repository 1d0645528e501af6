import crypto from 'node:crypto';
import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import {
  WEBHOOK_EVENT_ID_HEADER,
  WEBHOOK_SIGNATURE_HEADER,
  WEBHOOK_TIMESTAMP_HEADER,
} from '@shabaash/shared';
import { checkTarget, systemLookup, type Lookup, type TargetPolicy } from './ssrf.ts';

export type SendResult = { ok: true; status: number } | { ok: false; status: number | null; error: string };

/**
 * The signature headers of one attempt: the time now (Unix seconds) and the hex HMAC-SHA256 of
 * `<timestamp>.<body>` with the endpoint's secret, which is what WEBHOOK_VERIFY_EXAMPLE checks.
 */
export function signatureHeaders(body: string, secret: string, now = new Date()): Record<string, string> {
  const timestamp = String(Math.floor(now.getTime() / 1000));
  const signature = crypto.createHmac('sha256', secret).update(`${timestamp}.${body}`, 'utf8').digest('hex');
  return { [WEBHOOK_TIMESTAMP_HEADER]: timestamp, [WEBHOOK_SIGNATURE_HEADER]: signature };
}

const MAX_RESPONSE_BYTES = 64 * 1024;
/**
 * Agents kept (above it, all are dropped and rebuilt), and connections per agent: open and kept idle alike, so a
 * burst that needs them all does not close half of them after it and connect them again for the next one (that
 * churn was a third of the worker's CPU per delivery). At most MAX_AGENTS × SOCKETS_PER_AGENT descriptors.
 */
const MAX_AGENTS = 500;
const SOCKETS_PER_AGENT = 32;
const agents = new Map<string, http.Agent>();

/**
 * One keep-alive agent per (scheme, host, port, checked address): a reused connection always goes to an address
 * this process checked for that host, so keeping connections open never bypasses the SSRF check, and a busy
 * endpoint is not paid a TCP (and TLS) handshake per delivery.
 */
function agentFor(url: URL, pinned: { address: string; family: number }): http.Agent {
  const key = `${url.protocol}//${url.host}@${pinned.address}`;
  let agent = agents.get(key);
  if (!agent) {
    if (agents.size >= MAX_AGENTS) {
      for (const a of agents.values()) a.destroy();
      agents.clear();
    }
    const options = {
      keepAlive: true,
      maxSockets: SOCKETS_PER_AGENT,
      maxFreeSockets: SOCKETS_PER_AGENT,
      timeout: 30_000,
      scheduling: 'lifo' as const,
    };
    agent = url.protocol === 'https:' ? new https.Agent(options) : new http.Agent(options);
    agents.set(key, agent);
  }
  return agent;
}

/**
 * POSTs one signed delivery. The target is checked again here and the connection goes to exactly the address
 * that was checked (no second DNS answer can swap in a private address); redirects are not followed (a 3xx is a
 * failure); the whole attempt times out.
 */
export async function sendSigned(
  target: { url: string; secret: string },
  event: { id: string; body: string },
  options: { policy: TargetPolicy; timeoutMs: number; lookup?: Lookup },
): Promise<SendResult> {
  let addresses: Array<{ address: string; family: number }>;
  try {
    addresses = await checkTarget(target.url, options.policy, options.lookup ?? systemLookup);
  } catch (err) {
    return { ok: false, status: null, error: err instanceof Error ? err.message : String(err) };
  }
  const [pinned] = addresses;
  if (!pinned) return { ok: false, status: null, error: 'no address' };
  const url = new URL(target.url);
  const lookup: LookupFunction = (_host, opts, callback) => {
    if (opts.all) callback(null, [pinned]);
    else callback(null, pinned.address, pinned.family);
  };
  const agent = agentFor(url, pinned);
  const attempt = (): Promise<SendResult & { reused?: boolean }> =>
    new Promise((resolve) => {
      const request = (url.protocol === 'https:' ? https : http).request(
        {
          protocol: url.protocol,
          hostname: url.hostname.replace(/^\[(.*)\]$/, '$1'),
          port: url.port || undefined,
          path: `${url.pathname}${url.search}`,
          method: 'POST',
          agent,
          lookup,
          timeout: options.timeoutMs,
          headers: {
            'content-type': 'application/json',
            'user-agent': 'Shabaash-Webhooks/1',
            ...signatureHeaders(event.body, target.secret),
            [WEBHOOK_EVENT_ID_HEADER]: event.id,
          },
        },
        (response) => {
          let received = 0;
          response.on('data', (chunk: Buffer) => {
            received += chunk.length;
            if (received > MAX_RESPONSE_BYTES) response.destroy();
          });
          const status = response.statusCode ?? 0;
          const done = () =>
            resolve(
              status >= 200 && status < 300
                ? { ok: true, status }
                : {
                    ok: false,
                    status,
                    error: status >= 300 && status < 400 ? 'redirects are not followed' : `HTTP ${status}`,
                  },
            );
          response.on('end', done);
          response.on('close', done);
        },
      );
      request.on('timeout', () => request.destroy(new Error(`no answer within ${options.timeoutMs} ms`)));
      request.on('error', (err) =>
        resolve({ ok: false, status: null, error: err.message, reused: request.reusedSocket }),
      );
      request.end(event.body);
    });
  const first = await attempt();
  // A kept-alive connection the receiver closed meanwhile: try once on a new one (not the receiver's failure).
  if (!first.ok && first.status === null && first.reused) return attempt();
  return first;
}
