import { afterAll, describe, expect, it } from 'vitest';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import type { AddressInfo } from 'node:net';
import Koa from 'koa';
import { serveStatic } from './static.ts';

const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'shabaash-dist-'));
fs.mkdirSync(path.join(dist, 'assets'));
fs.writeFileSync(path.join(dist, 'index.html'), '<html>app shell</html>');
fs.writeFileSync(path.join(dist, 'overlay.html'), '<html>overlay</html>');
fs.mkdirSync(path.join(dist, 'widgets', 'goal'), { recursive: true });
fs.writeFileSync(path.join(dist, 'widgets', 'goal', 'index.html'), '<html>goal widget</html>');
fs.writeFileSync(path.join(dist, 'assets', 'app-abc123.js'), 'console.log("app");'.repeat(50));

const app = new Koa();
app.use(serveStatic(dist));
const server = http.createServer(app.callback());
await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

afterAll(() => {
  server.close();
  fs.rmSync(dist, { recursive: true, force: true });
});

/** A built tree of `files` (path → content) served by serveStatic on loopback; `close` removes both. */
async function servedTree(name: string, files: Record<string, string>) {
  const built = fs.mkdtempSync(path.join(os.tmpdir(), `shabaash-${name}-`));
  for (const [file, content] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(built, file)), { recursive: true });
    fs.writeFileSync(path.join(built, file), content);
  }
  const served = new Koa();
  served.use(serveStatic(built));
  const srv = http.createServer(served.callback());
  await new Promise<void>((r) => srv.listen(0, '127.0.0.1', r));
  return {
    at: `http://127.0.0.1:${(srv.address() as AddressInfo).port}`,
    close: () => {
      srv.close();
      fs.rmSync(built, { recursive: true, force: true });
    },
  };
}

describe('serving the built PWA', () => {
  it('falls back to the app shell for client routes, so the SPA can show its 404 page', async () => {
    const res = await fetch(`${base}/some/unknown/route`);
    expect(res.status).toBe(200);
    expect(await res.text()).toBe('<html>app shell</html>');
    expect(res.headers.get('cache-control')).toBe('no-cache');
  });

  it('serves a prerendered route its own HTML and other routes the plain shell.html', async () => {
    const { at, close } = await servedTree('prerendered', {
      'index.html': '<html>landing</html>',
      'shell.html': '<html>shell</html>',
      'login/index.html': '<html>login</html>',
    });
    try {
      expect(await (await fetch(`${at}/`)).text()).toBe('<html>landing</html>');
      expect(await (await fetch(`${at}/login`)).text()).toBe('<html>login</html>');
      expect(await (await fetch(`${at}/dashboard`)).text()).toBe('<html>shell</html>');
      expect(await (await fetch(`${at}/no/such/place`)).text()).toBe('<html>shell</html>');
    } finally {
      close();
    }
  });

  it('serves a prerendered route in Hindi for ?lang=hi, the stored choice or a Hindi browser', async () => {
    const { at, close } = await servedTree('prerendered-hi', {
      'index.html': '<html>landing</html>',
      'index.hi.html': '<html>लैंडिंग</html>',
      'guest-tip/index.html': '<html>guest</html>',
      'guest-tip/index.hi.html': '<html>गेस्ट</html>',
    });
    const page = async (url: string, headers: Record<string, string> = {}) => {
      const res = await fetch(`${at}${url}`, { headers });
      return { text: await res.text(), vary: res.headers.get('vary') ?? '' };
    };
    try {
      expect((await page('/')).text).toBe('<html>landing</html>');
      expect((await page('/?lang=hi')).text).toBe('<html>लैंडिंग</html>');
      expect((await page('/guest-tip?c=demo&lang=hi')).text).toBe('<html>गेस्ट</html>');
      expect((await page('/', { cookie: 'shabaash.lang=hi' })).text).toBe('<html>लैंडिंग</html>');
      expect((await page('/', { 'accept-language': 'hi-IN,hi;q=0.9,en;q=0.8' })).text).toBe(
        '<html>लैंडिंग</html>',
      );
      // The stored choice beats the browser's language, and ?lang= beats both.
      const english = { cookie: 'shabaash.lang=en', 'accept-language': 'hi-IN' };
      expect((await page('/guest-tip', english)).text).toBe('<html>guest</html>');
      expect((await page('/?lang=en', { cookie: 'shabaash.lang=hi' })).text).toBe('<html>landing</html>');
      const { vary } = await page('/');
      expect(vary).toMatch(/Cookie/);
      expect(vary).toMatch(/Accept-Language/);
    } finally {
      close();
    }
  });

  it('gives OBS the bare overlay entry for /overlay?display=1 and the studio otherwise', async () => {
    expect(await (await fetch(`${base}/overlay?display=1&key=k`)).text()).toBe('<html>overlay</html>');
    expect(await (await fetch(`${base}/overlay?key=k`)).text()).toBe('<html>app shell</html>');
  });

  it('gives OBS a widget entry for /widgets/<kind>?key=, revalidated on every load', async () => {
    const res = await fetch(`${base}/widgets/goal?key=k`);
    expect(await res.text()).toBe('<html>goal widget</html>');
    expect(res.headers.get('cache-control')).toBe('no-cache');
    expect(await (await fetch(`${base}/widgets/nope?key=k`)).text()).toBe('<html>app shell</html>');
  });

  it('serves hashed assets gzipped and immutable; a missing asset is a real 404', async () => {
    const raw = await new Promise<{ headers: http.IncomingHttpHeaders; body: Buffer }>((resolve) => {
      http.get(`${base}/assets/app-abc123.js`, { headers: { 'accept-encoding': 'gzip' } }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ headers: res.headers, body: Buffer.concat(chunks) }));
      });
    });
    expect(raw.headers['content-encoding']).toBe('gzip');
    expect(raw.headers['cache-control']).toContain('immutable');
    expect(zlib.gunzipSync(raw.body).toString()).toContain('console.log("app")');
    expect((await fetch(`${base}/assets/missing.js`)).status).toBe(404);
  });

  it('never serves files outside the dist folder', async () => {
    const res = await fetch(`${base}/..%2f..%2fetc%2fpasswd`);
    expect(await res.text()).not.toContain('root:');
  });
});

describe('inline script hashes for the CSP', () => {
  it('hashes inline scripts and ignores external ones', async () => {
    const { inlineScriptHashes } = await import('./static.ts');
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'shabaash-csp-'));
    fs.writeFileSync(
      path.join(dir, 'index.html'),
      '<script>document.documentElement.dataset.theme="dark"</script><script type="module" src="/a.js"></script>',
    );
    const expected = `'sha256-${(await import('node:crypto')).createHash('sha256').update('document.documentElement.dataset.theme="dark"').digest('base64')}'`;
    expect(inlineScriptHashes(dir)).toEqual([expected]);
    fs.rmSync(dir, { recursive: true, force: true });
  });
});

describe('malformed URLs', () => {
  it('answers 400, not 500, to a broken percent-encoding', async () => {
    const res = await fetch(`${base}/%`);
    expect(res.status).toBe(400);
    const deeper = await fetch(`${base}/assets/%E0%A4%A`);
    expect(deeper.status).toBe(400);
  });
});
