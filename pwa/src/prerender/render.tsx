import { StrictMode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { StaticRouter } from 'react-router-dom';
import { AppFrame, AppRoutes } from '../App.tsx';
import { createQueryClient } from '../api/queryClient.ts';
import { activateLanguage, translate } from '../i18n/i18n.tsx';
import type { Language } from '../i18n/language.ts';

/** The routes prerendered at build time for signed-out visitors, with the screen module each one shows. */
export const PRERENDERED_ROUTES = [
  { path: '/', file: 'index.html', screen: 'src/screens/Landing/LandingScreen.tsx' },
  { path: '/guest-tip', file: 'guest-tip/index.html', screen: 'src/screens/GuestTip/GuestTipScreen.tsx' },
  { path: '/login', file: 'login/index.html', screen: 'src/screens/Login/LoginScreen.tsx' },
  {
    path: '/developers',
    file: 'developers/index.html',
    screen: 'src/screens/Developers/DevelopersScreen.tsx',
  },
] as const;

/**
 * Renders one route in one language to HTML exactly as the browser's first render would for a signed-out visitor
 * who chose that language (same frame as
 * <App>, StaticRouter instead of BrowserRouter), waiting for the lazy screen, so main.tsx can hydrate it.
 */
export async function renderRoute(path: string, language: Language): Promise<string> {
  await activateLanguage(language);
  const errors: unknown[] = [];
  const { prelude } = await prerenderToNodeStream(
    <StrictMode>
      <AppFrame queryClient={createQueryClient()}>
        <StaticRouter location={path}>
          <AppRoutes />
        </StaticRouter>
      </AppFrame>
    </StrictMode>,
    {
      onError: (error) => void errors.push(error),
      // Inline every Suspense boundary: React outlines ones bigger than this (12.8 kB by default) behind inline
      // reveal scripts, which our Content Security Policy blocks (the long /developers page crossed it).
      progressiveChunkSize: Number.MAX_SAFE_INTEGER,
    },
  );
  // A screen that cannot render on the server would ship a client-rendered fallback: fail the build instead.
  if (errors.length > 0) throw new Error(`prerender of ${path} failed`, { cause: errors[0] });
  const chunks: Buffer[] = [];
  for await (const chunk of prelude) chunks.push(Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks).toString('utf8');
}

/** The page's <title> and meta description in a language (the shell's own are SPEC's English). */
export async function pageMeta(
  language: Language,
): Promise<{ title: string; description: string; noscript: string }> {
  await activateLanguage(language);
  return {
    title: translate('meta.title'),
    description: translate('meta.description'),
    noscript: translate('meta.noscript'),
  };
}
