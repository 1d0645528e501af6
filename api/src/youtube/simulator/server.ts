import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { z } from 'zod';
import type { YouTubeSimulatorControls } from './controls.ts';
import { ERRORS, handleDataApi } from './dataApi.ts';
import { consentPage, decide, revoke, token, type Answer } from './oauth.ts';
import type { SimState } from './state.ts';

/** The paths of Google's endpoints on the simulator's port (the client's endpoints and rootUrl point here). */
export const SIM_PATHS = {
  authorize: '/o/oauth2/v2/auth',
  token: '/token',
  revoke: '/revoke',
  tokenInfo: '/tokeninfo',
} as const;

const MAX_BODY_BYTES = 100_000;

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > MAX_BODY_BYTES) throw new Error('body too large');
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString('utf8');
}

function reply(res: ServerResponse, answer: Answer): void {
  if (answer.location) {
    res.writeHead(answer.status, { Location: answer.location, 'Cache-Control': 'no-store' });
    res.end();
    return;
  }
  const isHtml = answer.html !== undefined;
  const text = isHtml ? (answer.html ?? '') : JSON.stringify(answer.body);
  res.writeHead(answer.status, {
    'Content-Type': isHtml ? 'text/html; charset=utf-8' : 'application/json; charset=UTF-8',
    'Content-Length': Buffer.byteLength(text),
    'Cache-Control': 'no-store',
  });
  res.end(text);
}

const channelBody = z.object({ channelId: z.string().min(1) });
const paidBody = channelBody.extend({
  author: z.string().max(100).optional(),
  amount: z.number().positive(),
  currency: z
    .string()
    .regex(/^[A-Z]{3}$/)
    .optional(),
  tier: z.number().int().min(1).max(11).optional(),
});

/**
 * The test controls over HTTP (`POST /sandbox/youtube/<action>` with a JSON body), for a browser journey or a
 * developer with curl; tests in-process call the controls object itself.
 */
const CONTROL_ROUTES: Record<string, (c: YouTubeSimulatorControls, body: unknown) => unknown> = {
  'broadcasts/start': (c, b) => {
    const { channelId, title } = channelBody.extend({ title: z.string().max(100).optional() }).parse(b);
    return c.startBroadcast(channelId, title);
  },
  'broadcasts/stop': (c, b) => c.stopBroadcast(channelBody.parse(b).channelId),
  'chats/end': (c, b) => c.endChat(channelBody.parse(b).channelId),
  'super-chats': (c, b) => {
    const { channelId, ...input } = paidBody.extend({ comment: z.string().max(500).optional() }).parse(b);
    return c.sendSuperChat(channelId, input);
  },
  'super-stickers': (c, b) => {
    const { channelId, ...input } = paidBody
      .extend({ stickerId: z.string().max(100).optional(), altText: z.string().max(200).optional() })
      .parse(b);
    return c.sendSuperSticker(channelId, input);
  },
  'failures/quota': (c, b) =>
    c.failNextWithQuota(z.object({ times: z.number().int().min(1).max(1000).optional() }).parse(b).times),
  'grants/revoke': (c, b) => ({ revoked: c.revokeChannelGrants(channelBody.parse(b).channelId) }),
};

/** The simulator's loopback server: Google's OAuth endpoints, the Data API under /youtube/v3/, the controls. */
export function createSimulatorServer(state: SimState, controls: YouTubeSimulatorControls): Server {
  async function route(req: IncomingMessage): Promise<Answer> {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const method = req.method ?? 'GET';
    const authorization = req.headers.authorization ?? '';
    if (method === 'GET' && url.pathname === SIM_PATHS.authorize) return consentPage(state, url.searchParams);
    if (method === 'POST' && url.pathname === `${SIM_PATHS.authorize}/decide`)
      return decide(state, new URLSearchParams(await readBody(req)));
    if (method === 'POST' && url.pathname === SIM_PATHS.token)
      return token(state, new URLSearchParams(await readBody(req)), authorization);
    if (method === 'POST' && url.pathname === SIM_PATHS.revoke) {
      const form = new URLSearchParams(await readBody(req));
      return revoke(state, url.searchParams.get('token') ?? form.get('token') ?? '');
    }
    if (method === 'GET' && url.pathname.startsWith('/youtube/v3/'))
      return handleDataApi(state, url.pathname, url.searchParams, authorization);
    const control = url.pathname.startsWith('/sandbox/youtube/')
      ? CONTROL_ROUTES[url.pathname.slice('/sandbox/youtube/'.length)]
      : undefined;
    if (method === 'POST' && control) {
      const text = await readBody(req);
      try {
        return { status: 200, body: control(controls, text ? JSON.parse(text) : {}) ?? {} };
      } catch (err) {
        return ERRORS.badRequest(err instanceof Error ? err.message : String(err));
      }
    }
    return ERRORS.notFound();
  }

  return createServer((req, res) => {
    route(req).then(
      (answer) => reply(res, answer),
      () => {
        if (!res.headersSent) reply(res, ERRORS.badRequest('The request could not be read.'));
      },
    );
  });
}
