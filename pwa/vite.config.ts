import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin, type ProxyOptions } from 'vite';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';

const API_TARGET = process.env.SHABAASH_API_URL ?? 'http://localhost:8080';
const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));
const apiProxy: Record<string, ProxyOptions> = {
  '/api': { target: API_TARGET, changeOrigin: true },
  '/ws': { target: API_TARGET, ws: true, changeOrigin: true },
  '/sandbox': { target: API_TARGET, changeOrigin: true },
};

/** `/overlay?display=1` is the bare overlay entry (the API does the same rewrite in production). */
function overlayDisplayRewrite(): Plugin {
  const rewrite = (req: { url?: string }, _res: unknown, next: () => void) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    if (url.pathname === '/overlay' && url.searchParams.get('display') === '1')
      req.url = `/overlay.html${url.search}`;
    next();
  };
  return {
    name: 'shabaash-overlay-display',
    configureServer: (server) => void server.middlewares.use(rewrite),
    configurePreviewServer: (server) => void server.middlewares.use(rewrite),
  };
}

/** Vite config of the PWA: two HTML entries (app and bare OBS overlay), service worker via generateSW. */
export default defineConfig(({ mode }) => ({
  plugins: [
    overlayDisplayRewrite(),
    react(),
    VitePWA({
      registerType: 'prompt',
      strategies: 'generateSW',
      injectRegister: false,
      // In `dev:mocks` mode MSW owns the service worker slot; the PWA worker stays off in dev anyway.
      devOptions: { enabled: false },
      includeAssets: ['favicon.svg', 'apple-touch-icon.png', 'robots.txt'],
      manifest: {
        name: 'Shabaash',
        short_name: 'Shabaash',
        description:
          'Rupee superchats for Indian live streamers: wallets, guest tips, moderation and an OBS overlay.',
        lang: 'en-IN',
        start_url: '/',
        scope: '/',
        display: 'standalone',
        background_color: '#ffffff',
        theme_color: '#ff5c5c',
        categories: ['entertainment', 'finance', 'social'],
        icons: [
          { src: '/pwa-192x192.png', sizes: '192x192', type: 'image/png' },
          { src: '/pwa-512x512.png', sizes: '512x512', type: 'image/png' },
          { src: '/maskable-512x512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
      },
      workbox: {
        globPatterns: ['**/*.{js,css,html,svg,png,ico,webmanifest}'],
        // The overlay is its own entry and must always come fresh from the network for OBS.
        // mockServiceWorker.js is MSW's worker for `dev:mocks` only: never precached or served by the PWA worker.
        globIgnores: ['overlay.html', 'mockServiceWorker.js'],
        navigateFallback: 'index.html',
        // Denylist entries match pathname + search. /api and /ws are never answered from cache (and there is no
        // runtimeCaching, so API responses are never cached at all). The bare OBS overlay (/overlay?display=1 and
        // overlay.html) always comes fresh; the Overlay Studio screen at /overlay still works offline.
        navigateFallbackDenylist: [
          /^\/api(?:\/|\?|$)/,
          /^\/ws(?:\/|\?|$)/,
          /^\/sandbox\//,
          /^\/overlay\.html/,
          /^\/overlay\?(?:.*&)?display=1(?:&|$)/,
          /^\/mockServiceWorker\.js/,
        ],
        cleanupOutdatedCaches: true,
        clientsClaim: false,
        skipWaiting: false,
      },
    }),
  ],
  build: {
    outDir: here('./dist'),
    emptyOutDir: true,
    target: 'es2022',
    reportCompressedSize: true,
    rolldownOptions: {
      input: { main: here('./index.html'), overlay: here('./overlay.html') },
      output: {
        // Stable vendor chunks: the overlay entry (plain TS + DOM) takes none of them.
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/, priority: 30 },
            { name: 'zod', test: /node_modules[\\/]zod[\\/]/, priority: 20 },
            { name: 'router', test: /node_modules[\\/](react-router|react-router-dom)[\\/]/, priority: 20 },
            { name: 'query', test: /node_modules[\\/]@tanstack[\\/]/, priority: 20 },
          ],
        },
      },
    },
  },
  server: {
    port: 5173,
    // `dev:mocks` answers /api from MSW in the browser, so nothing is proxied then.
    proxy: mode === 'mocks' ? {} : apiProxy,
  },
  preview: { proxy: apiProxy },
}));
