import type { Middleware } from 'koa';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { createHash } from 'node:crypto';
import { LANGUAGE_STORAGE_KEY, type Language } from '@shabaash/shared/core';
import { badRequest } from './errors.ts';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.mp3': 'audio/mpeg',
  '.wav': 'audio/wav',
  '.txt': 'text/plain; charset=utf-8',
};

/**
 * CSP hashes ('sha256-…') of the inline scripts in the built HTML entries (the theme is applied before first
 * paint by a tiny inline script), so the policy can stay `script-src 'self'` without 'unsafe-inline'.
 */
export function inlineScriptHashes(distDir: string): string[] {
  const hashes = new Set<string>();
  for (const entry of ['index.html', 'shell.html', 'overlay.html']) {
    const file = path.join(distDir, entry);
    if (!fs.existsSync(file)) continue;
    const html = fs.readFileSync(file, 'utf8');
    for (const match of html.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g)) {
      const body = match[1] ?? '';
      if (body.trim()) hashes.add(`'sha256-${createHash('sha256').update(body).digest('base64')}'`);
    }
  }
  return [...hashes];
}

function isFile(file: string): boolean {
  return fs.existsSync(file) && fs.statSync(file).isFile();
}

const COMPRESSIBLE = new Set(['.html', '.js', '.mjs', '.css', '.json', '.webmanifest', '.svg', '.txt']);

/** Gzip bodies of built files, computed once per file version (the dist folder is immutable at run time). */
const gzipCache = new Map<string, { mtimeMs: number; body: Buffer }>();

function gzipped(file: string): Buffer {
  const { mtimeMs } = fs.statSync(file);
  const hit = gzipCache.get(file);
  if (hit && hit.mtimeMs === mtimeMs) return hit.body;
  const body = zlib.gzipSync(fs.readFileSync(file), { level: 9 });
  gzipCache.set(file, { mtimeMs, body });
  return body;
}

/**
 * The language a prerendered page is served in, the rule of the page's inline script: `?lang=`, then the
 * stored choice (the PWA mirrors it in the `shabaash.lang` cookie), then the browser's Accept-Language.
 */
function pageLanguage(ctx: Parameters<Middleware>[0]): Language {
  const fromUrl = ctx.query.lang;
  if (fromUrl === 'en' || fromUrl === 'hi') return fromUrl;
  const stored = ctx.cookies.get(LANGUAGE_STORAGE_KEY);
  if (stored === 'en' || stored === 'hi') return stored;
  return ctx.acceptsLanguages('en', 'hi') === 'hi' ? 'hi' : 'en';
}

/**
 * Serves the built PWA: hashed assets cached for a year, everything else revalidated.
 * `/overlay?display=1` gets the small overlay entry; prerendered routes get `<route>/index.html`; other unknown
 * paths get the app shell (the SPA shows 404).
 */
export function serveStatic(distDir: string): Middleware {
  const root = path.resolve(distDir);
  return async (ctx, next) => {
    if (ctx.method !== 'GET' && ctx.method !== 'HEAD') return next();
    if (ctx.path.startsWith('/api') || ctx.path === '/ws' || ctx.path.startsWith('/sandbox')) return next();
    let relative: string;
    try {
      relative = decodeURIComponent(ctx.path);
    } catch {
      throw badRequest('Malformed URL.'); // "/%": the client's mistake, not a 500 with a stack trace
    }
    if (relative === '/overlay' && ctx.query.display === '1') relative = '/overlay.html';
    const candidate = path.resolve(root, `.${relative}`);
    const inside = candidate === root || candidate.startsWith(root + path.sep);
    let file = inside && isFile(candidate) ? candidate : null;
    // Prerendered public routes: /login -> dist/login/index.html, / -> dist/index.html, or index.hi.html beside it
    // in Hindi, so a Hindi reader's first paint is already Hindi (no flash, no second request).
    if (!file && inside && path.extname(relative) === '' && isFile(path.join(candidate, 'index.html'))) {
      const language = pageLanguage(ctx);
      const translated = path.join(candidate, `index.${language}.html`);
      file = language !== 'en' && isFile(translated) ? translated : path.join(candidate, 'index.html');
      ctx.vary('Cookie');
      ctx.vary('Accept-Language');
    }
    if (!file) {
      if (path.extname(relative) !== '') return next(); // a missing asset is a real 404
      // Any other client route gets the plain app shell (shell.html when the build prerendered index.html).
      file = isFile(path.join(root, 'shell.html'))
        ? path.join(root, 'shell.html')
        : path.join(root, 'index.html');
      if (!fs.existsSync(file)) return next();
    }
    const ext = path.extname(file);
    ctx.type = TYPES[ext] ?? 'application/octet-stream';
    const immutable = file.includes(`${path.sep}assets${path.sep}`);
    ctx.set('Cache-Control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
    ctx.vary('Accept-Encoding');
    if (COMPRESSIBLE.has(ext) && ctx.acceptsEncodings('gzip', 'identity') === 'gzip') {
      ctx.set('Content-Encoding', 'gzip');
      ctx.body = gzipped(file);
      return;
    }
    ctx.body = fs.createReadStream(file);
  };
}
