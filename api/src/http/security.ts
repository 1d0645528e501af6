import type { Middleware } from 'koa';
import type { Config } from '../config.ts';

export interface CspSources {
  connect: string[];
  script: string[];
  frame: string[];
}

/** Third-party origins the PWA needs: the Auth emulator in sandbox; Firebase, reCAPTCHA and Razorpay in production. */
export function cspSourcesFor(config: Config): CspSources {
  const sources: CspSources = { connect: [], script: [], frame: [] };
  // Websockets to our own origin only: 'self' covers them in CSP3 browsers; the public origin is named for the rest.
  if (config.PUBLIC_URL) {
    const url = new URL(config.PUBLIC_URL);
    sources.connect.push(`${url.protocol === 'https:' ? 'wss' : 'ws'}://${url.host}`);
  }
  if (config.authEmulator && config.FIREBASE_AUTH_EMULATOR_HOST) {
    sources.connect.push(`http://${config.FIREBASE_AUTH_EMULATOR_HOST}`);
  } else {
    sources.connect.push('https://identitytoolkit.googleapis.com', 'https://securetoken.googleapis.com');
    sources.script.push('https://www.google.com', 'https://www.gstatic.com', 'https://apis.google.com');
    sources.frame.push('https://www.google.com', `https://${config.FIREBASE_PROJECT_ID}.firebaseapp.com`);
  }
  if (!config.paymentsSandbox) {
    sources.script.push('https://checkout.razorpay.com');
    sources.frame.push('https://api.razorpay.com', 'https://checkout.razorpay.com');
    sources.connect.push('https://api.razorpay.com', 'https://lumberjack.razorpay.com');
  }
  return sources;
}

/** A response header: name and value. */
export type HeaderEntry = readonly [name: string, value: string];

/** Security headers for every response; the CSP allows our own origin plus the payment and identity hosts. */
export function securityHeaderEntries(
  extraConnect: string[] = [],
  extraScript: string[] = [],
  extraFrame: string[] = [],
): HeaderEntry[] {
  const csp = [
    "default-src 'self'",
    `script-src 'self' ${extraScript.join(' ')}`.trim(),
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    `connect-src 'self' ${extraConnect.join(' ')}`.trim(),
    `frame-src 'self' ${extraFrame.join(' ')}`.trim(),
    "frame-ancestors 'self'",
    "base-uri 'self'",
    "form-action 'self'",
    "object-src 'none'",
  ].join('; ');
  return Object.entries({
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'strict-origin-when-cross-origin',
    'X-Frame-Options': 'SAMEORIGIN',
    'Cross-Origin-Opener-Policy': 'same-origin-allow-popups',
    'Permissions-Policy': 'camera=(), microphone=(), geolocation=()',
    'Content-Security-Policy': csp,
  });
}

/** Sets the security headers on every response (the hot read, modules/tips/recentTips.hot.ts, sets the same entries). */
export function securityHeaders(headers: readonly HeaderEntry[]): Middleware {
  // Not async: nothing to do after the rest of the stack, so no promise of its own per request.
  return (ctx, next) => {
    for (const [name, value] of headers) ctx.res.setHeader(name, value);
    return next();
  };
}
