import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { pathToFileURL } from 'node:url';
import { WEBHOOK_VERIFY_EXAMPLE } from '@shabaash/shared';

type Verify = (
  rawBody: Buffer,
  signature: string | undefined,
  timestamp: string | undefined,
  secret: string,
  nowSeconds?: number,
) => boolean;

/** The signature check exactly as /developers prints it, loaded as a module from that very text. */
export async function documentedVerifier(): Promise<Verify> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'shabaash-verify-'));
  const file = path.join(dir, 'verify.mjs');
  fs.writeFileSync(file, WEBHOOK_VERIFY_EXAMPLE);
  const mod = (await import(pathToFileURL(file).href)) as { verifyShabaashSignature: Verify };
  fs.rmSync(dir, { recursive: true, force: true });
  return mod.verifyShabaashSignature;
}

/** A loopback HTTP server that hands each request's whole raw body to `onBody` (webhook receivers of the tests). */
export function rawBodyServer(
  onBody: (raw: Buffer, req: http.IncomingMessage, res: http.ServerResponse) => void,
): http.Server {
  return http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => onBody(Buffer.concat(chunks), req, res));
  });
}

export interface Received {
  rawBody: Buffer;
  signature: string | undefined;
  timestamp: string | undefined;
  eventIdHeader: string | undefined;
  body: { id: string; event: string; createdAt: string; data: unknown };
}

/**
 * A webhook receiver on loopback as a bot author would write it: it keeps every request, answers with
 * `answer(request)` (200 by default), and handles each event id once (`handled`), as the docs advise.
 */
export async function startReceiver(
  answer: (r: Received, nth: number) => number | Promise<number> = () => 200,
) {
  const requests: Received[] = [];
  const handled = new Map<string, Received>();
  const server = rawBodyServer((rawBody, req, res) => {
    const received: Received = {
      rawBody,
      signature: req.headers['x-shabaash-signature'] as string | undefined,
      timestamp: req.headers['x-shabaash-timestamp'] as string | undefined,
      eventIdHeader: req.headers['x-shabaash-event-id'] as string | undefined,
      body: JSON.parse(rawBody.toString('utf8')) as Received['body'],
    };
    requests.push(received);
    void Promise.resolve(answer(received, requests.length)).then((status) => {
      if (status >= 200 && status < 300 && !handled.has(received.body.id))
        handled.set(received.body.id, received);
      res.writeHead(status, status >= 300 && status < 400 ? { location: 'http://127.0.0.1:1/' } : {});
      res.end('ok');
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hooks/shabaash`,
    requests,
    handled,
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}
