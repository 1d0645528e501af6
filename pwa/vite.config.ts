import fs from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { defineConfig, type Plugin, type ProxyOptions, type Rolldown } from 'vite';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';
import { allFontFiles } from './src/overlay/fontFaces.ts';
import { CATALOGUE_LANGUAGES, compileCatalogue, compiledCatalogues } from './src/i18n/cataloguePlugin.ts';
import { STATIC_TEXTS, STATIC_TEXTS_ID, staticTextsBlock } from './src/i18n/staticTexts.ts';
import { obsPageInputs, obsPages, WIDGET_ENTRIES } from './obsPages.ts';

const API_TARGET = process.env.SHABAASH_API_URL ?? 'http://localhost:8080';
const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));
const apiProxy: Record<string, ProxyOptions> = {
  '/api': { target: API_TARGET, changeOrigin: true },
  '/ws': { target: API_TARGET, ws: true, changeOrigin: true },
  '/sandbox': { target: API_TARGET, changeOrigin: true },
};

/**
 * `/overlay?display=1` is the bare overlay entry and `/widgets/<kind>` a widget entry (the API serves both the same
 * way in production: the overlay by its rewrite, a widget as a folder's index.html).
 */
function overlayDisplayRewrite(): Plugin {
  const rewrite = (req: { url?: string }, _res: unknown, next: () => void) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    if (url.pathname === '/overlay' && url.searchParams.get('display') === '1')
      req.url = `/overlay.html${url.search}`;
    const widget = /^\/widgets\/([a-z]+)\/?$/.exec(url.pathname)?.[1];
    if (widget && (WIDGET_ENTRIES as readonly string[]).includes(widget))
      req.url = `/widgets/${widget}/index.html${url.search}`;
    next();
  };
  return {
    name: 'shabaash-overlay-display',
    configureServer: (server) => void server.middlewares.use(rewrite),
    configurePreviewServer: (server) => void server.middlewares.use(rewrite),
  };
}

/**
 * The overlay's self-hosted fonts: the build copies the woff2 files of src/overlay/fontFaces.ts from the
 * `@fontsource/*` packages to `dist/fonts/`; the dev server serves the same paths from node_modules.
 */
function overlayFonts(): Plugin {
  const files = new Map(allFontFiles());
  const source = (file: string, pkg: string) =>
    fs.readFileSync(fileURLToPath(import.meta.resolve(`${pkg}/files/${file}`)));
  return {
    name: 'shabaash-overlay-fonts',
    configureServer: (server) =>
      void server.middlewares.use((req, res, next) => {
        const file = /^\/fonts\/([\w.-]+)$/.exec(req.url ?? '')?.[1];
        const pkg = file ? files.get(file) : undefined;
        if (!file || !pkg) return next();
        res.setHeader('Content-Type', 'font/woff2');
        res.end(source(file, pkg));
      }),
    generateBundle() {
      for (const [file, pkg] of files) {
        this.emitFile({ type: 'asset', fileName: `fonts/${file}`, source: source(file, pkg) });
      }
    },
  };
}

/** Where `vite build --ssr src/prerender/render.tsx` (first half of `npm run build`) writes the renderer. */
const PRERENDER_DIR = here('./node_modules/.prerender');

interface PrerenderModule {
  PRERENDERED_ROUTES: ReadonlyArray<{ path: string; file: string; screen: string }>;
  renderRoute: (path: string, language: (typeof CATALOGUE_LANGUAGES)[number]) => Promise<string>;
  pageMeta: (
    language: (typeof CATALOGUE_LANGUAGES)[number],
  ) => Promise<{ title: string; description: string; noscript: string }>;
}

/**
 * Build step: keeps the plain app shell as `shell.html` (the SPA fallback of the API and the service worker) and
 * rewrites `index.html`, `guest-tip/index.html` and `login/index.html` with each public route prerendered into
 * #root (data-prerendered and data-lang mark the route and language for hydrateRoot), plus the route's screen CSS,
 * so first paint needs no JavaScript. Each route is prerendered once per language: English in `index.html`, Hindi
 * in `index.hi.html` beside it (the API's static server picks one by `?lang=`, the stored choice's cookie or
 * Accept-Language). Runs inside the client build, so the precache sees the final files.
 */
function prerenderPublicRoutes(): Plugin {
  return {
    name: 'shabaash-prerender',
    apply: 'build',
    enforce: 'post',
    async generateBundle(_options, bundle) {
      const index = bundle['index.html'];
      if (!index || index.type !== 'asset') return;
      const shell = String(index.source);
      this.emitFile({ type: 'asset', fileName: 'shell.html', source: shell });
      const entry = `${PRERENDER_DIR}/render.js`;
      if (!fs.existsSync(entry)) {
        this.warn('no prerender bundle (run `npm run build`): public routes ship as the plain shell');
        return;
      }
      const { PRERENDERED_ROUTES, renderRoute, pageMeta } = (await import(
        pathToFileURL(entry).href
      )) as PrerenderModule;
      const chunks = Object.values(bundle).filter((o): o is Rolldown.OutputChunk => o.type === 'chunk');
      for (const route of PRERENDERED_ROUTES) {
        const screen = chunks.find((c) => c.facadeModuleId === here(`./${route.screen}`));
        if (!screen) throw new Error(`prerender: no chunk for ${route.screen}`);
        // The screen chunk, its static imports and their CSS, minus what the shell already loads.
        const files = new Set<string>();
        const css = new Set<string>();
        const visit = (chunk: Rolldown.OutputChunk) => {
          if (files.has(chunk.fileName)) return;
          files.add(chunk.fileName);
          for (const file of chunk.viteMetadata?.importedCss ?? []) css.add(file);
          for (const name of chunk.imports) {
            const dep = bundle[name];
            if (dep?.type === 'chunk') visit(dep);
          }
        };
        visit(screen);
        // CSS is inlined, so first paint needs no second request.
        const cssText = (file: string) => {
          const asset = bundle[file];
          return asset?.type === 'asset' ? String(asset.source) : '';
        };
        // Each inlined file keeps a disabled <link> (never fetched): Vite's module preloader looks for one before it
        // loads a lazy chunk's CSS, so a chunk whose CSS this page already has inline does not fetch it again.
        const inlined = (file: string) =>
          `<style>${cssText(file)}</style><link rel="stylesheet" href="/${file}" disabled>`;
        const tags = [...css].filter((f) => !shell.includes(f)).map(inlined);
        const page = shell
          .replace(/<link rel="stylesheet" crossorigin href="\/([^"]+\.css)">/g, (_tag, file: string) =>
            inlined(file),
          )
          // The HTML already shows the page: its JS (hydration) need not compete with first paint for bandwidth.
          .replace(/\s*<link rel="modulepreload"[^>]*>/g, '');
        for (const language of CATALOGUE_LANGUAGES) {
          const markup = await renderRoute(route.path, language);
          const meta = await pageMeta(language);
          const attr = (text: string) =>
            text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
          const html = page
            .replace(/<title>[^<]*<\/title>/, `<title>${attr(meta.title)}</title>`)
            .replace(
              /(<meta\s+name="description"\s+content=")[^"]*"/,
              (_m, start: string) => `${start}${attr(meta.description)}"`,
            )
            .replace(/<noscript>[^<]*<\/noscript>/, `<noscript>${attr(meta.noscript)}</noscript>`)
            .replace(
              /<html lang="[^"]*"/,
              `<html lang="${language === 'hi' ? 'hi' : 'en-IN'}" data-page-lang="${language}"`,
            )
            .replace('</head>', `  ${tags.join('\n    ')}\n  </head>`)
            .replace(
              '<div id="root"></div>',
              `<div id="root" data-prerendered="${route.path}" data-lang="${language}">${markup}</div>`,
            );
          // The few texts the page's static fill draws, compiled (i18n/staticTexts.ts): it fetches no catalogue.
          const texts = STATIC_TEXTS[route.path];
          const withTexts = texts
            ? html.replace('</body>', `  ${staticTextsBlock(compileCatalogue(language), texts)}\n  </body>`)
            : html;
          if (!html.includes('data-prerendered')) throw new Error('prerender: #root not found in index.html');
          if (!html.includes('data-page-lang'))
            throw new Error('prerender: <html lang> not found in index.html');
          const fileName =
            language === 'en' ? route.file : route.file.replace(/\.html$/, `.${language}.html`);
          if (texts && !withTexts.includes(`id="${STATIC_TEXTS_ID}"`))
            throw new Error('prerender: </body> not found in index.html');
          if (fileName === 'index.html') index.source = withTexts;
          else this.emitFile({ type: 'asset', fileName, source: withTexts });
        }
      }
    },
  };
}

/** Drops MSW's worker (public/, for `dev:mocks` only) from a production build: nothing there may answer /api. */
function dropMockWorker(): Plugin {
  return {
    name: 'shabaash-drop-mock-worker',
    apply: 'build',
    closeBundle() {
      fs.rmSync(here('./dist/mockServiceWorker.js'), { force: true });
    },
  };
}

/** Vite config of the PWA: HTML entries (app, bare OBS overlay, the widgets), service worker src/serviceWorker/sw.ts (injectManifest). */
export default defineConfig(({ mode, isSsrBuild }) =>
  isSsrBuild
    ? {
        // `vite build --ssr src/prerender/render.tsx`: the renderer the prerender step imports (Node, not shipped).
        plugins: [compiledCatalogues(), react()],
        build: { outDir: PRERENDER_DIR, emptyOutDir: true, target: 'node20' },
      }
    : {
        plugins: [
          dropMockWorker(),
          overlayDisplayRewrite(),
          obsPages(),
          overlayFonts(),
          compiledCatalogues(),
          react(),
          prerenderPublicRoutes(),
          VitePWA({
            registerType: 'prompt',
            strategies: 'injectManifest',
            srcDir: 'src/serviceWorker',
            filename: 'sw.ts',
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
              shortcuts: [
                {
                  name: 'Chat Loader',
                  short_name: 'Chat Loader',
                  url: '/creator/chat-control',
                  icons: [{ src: '/pwa-192x192.png', sizes: '192x192', type: 'image/png' }],
                },
                {
                  name: 'Add Money',
                  short_name: 'Add Money',
                  url: '/add-money',
                  icons: [{ src: '/pwa-192x192.png', sizes: '192x192', type: 'image/png' }],
                },
              ],
            },
            // The precache list goes into our own worker (src/serviceWorker/sw.ts): it answers the prerendered pages
            // in the chosen language, the app shell for other routes, and never /api or /ws.
            injectManifest: {
              globPatterns: ['**/*.{js,css,html,svg,png,ico,webmanifest}'],
              // The overlay and the widgets are their own entries and must always come fresh from the network for OBS.
              // mockServiceWorker.js is MSW's worker for `dev:mocks` only: never precached or served by the PWA worker.
              globIgnores: ['overlay.html', 'widgets/**', 'mockServiceWorker.js'],
            },
          }),
        ],
        build: {
          outDir: here('./dist'),
          emptyOutDir: true,
          target: 'es2022',
          reportCompressedSize: true,
          rolldownOptions: {
            input: {
              main: here('./index.html'),
              ...obsPageInputs(),
            },
            output: {
              // Stable vendor chunks: the overlay entry (plain TS + DOM) takes none of them.
              codeSplitting: {
                groups: [
                  { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/, priority: 30 },
                  { name: 'zod', test: /node_modules[\\/]zod[\\/]/, priority: 20 },
                  {
                    name: 'router',
                    test: /node_modules[\\/](react-router|react-router-dom)[\\/]/,
                    priority: 20,
                  },
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
      },
);
