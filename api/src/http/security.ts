import type { Middleware } from 'koa';

/** Security headers for every response; the CSP allows our own origin plus the payment and identity hosts. */
export function securityHeaders(extraConnect: string[] = [], extraScript: string[] = [], extraFrame: string[] = []): Middleware {
  const csp = [
    "default-src 'self'",
    `script-src 'self' ${extraScript.join(' ')}`.trim(),
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    `connect-src 'self' ws: wss: ${extraConnect.join(' ')}`.trim(),
    `frame-src 'self' ${extraFrame.join(' ')}`.trim(),
    "frame-ancestors 'self'",
    "base-uri 'self'",
    "form-action 'self'",
    "object-src 'none'",
  ].join('; ');
  return async (ctx, next) => {
    ctx.set('X-Content-Type-Options', 'nosniff');
    ctx.set('Referrer-Policy', 'strict-origin-when-cross-origin');
    ctx.set('X-Frame-Options', 'SAMEORIGIN');
    ctx.set('Cross-Origin-Opener-Policy', 'same-origin-allow-popups');
    ctx.set('Permissions-Policy', 'camera=(), microphone=(), geolocation=()');
    ctx.set('Content-Security-Policy', csp);
    await next();
  };
}
