import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';

/** The OBS widgets, each its own small entry at `/widgets/<kind>` (widgets/<kind>/index.html). */
export const WIDGET_ENTRIES = ['goal', 'qr', 'supporters', 'timer'] as const;

const WIDGET_TITLES: Record<(typeof WIDGET_ENTRIES)[number], string> = {
  goal: 'Goal widget',
  qr: 'QR code widget',
  supporters: 'Top supporters widget',
  timer: 'Subathon timer widget',
};

/** Green, the colour OBS keys out, behind the bare overlay. */
const OVERLAY_STYLE = `
    <style>
      html,
      body {
        margin: 0;
        height: 100%;
        background: #00ff00;
      }
    </style>`;

/** One OBS page: noindex, the favicon, one root element and its plain-DOM entry script. */
function obsPage(title: string, root: string, entry: string, style = ''): string {
  return `<!doctype html>
<html lang="en-IN">
  <head>
    <meta charset="UTF-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>Shabaash ${title}</title>
    <meta name="robots" content="noindex" />
    <link rel="icon" href="/favicon.svg" type="image/svg+xml" />${style}
  </head>
  <body>
    ${root}
    <script type="module" src="${entry}"></script>
  </body>
</html>
`;
}

/** The OBS pages by their path under pwa/: the bare overlay and each widget. None is a file on disk. */
const OBS_PAGES: ReadonlyMap<string, string> = new Map([
  [
    'overlay.html',
    obsPage('Overlay', '<div id="overlay-root"></div>', '/src/overlay/main.ts', OVERLAY_STYLE),
  ],
  ...WIDGET_ENTRIES.map((kind): [string, string] => [
    `widgets/${kind}/index.html`,
    obsPage(WIDGET_TITLES[kind], '<main id="widget-root"></main>', `/src/widgets/${kind}/main.ts`),
  ]),
]);

const root = fileURLToPath(new URL('.', import.meta.url));

/** The build inputs of the OBS pages (entry name → absolute path). */
export function obsPageInputs(): Record<string, string> {
  return Object.fromEntries(
    [...OBS_PAGES.keys()].map((page) => [
      page === 'overlay.html' ? 'overlay' : `widget-${page.split('/')[1]}`,
      root + page,
    ]),
  );
}

/**
 * The OBS pages generated from one template: the build loads them as HTML entries (dist/overlay.html,
 * dist/widgets/<kind>/index.html) and the dev server answers their paths the same way.
 */
export function obsPages(): Plugin {
  const page = (id: string) => (id.startsWith(root) ? OBS_PAGES.get(id.slice(root.length)) : undefined);
  return {
    name: 'shabaash-obs-pages',
    resolveId: (id) => (page(id) === undefined ? null : id),
    load: (id) => page(id) ?? null,
    configureServer: (server) =>
      void server.middlewares.use((req, res, next) => {
        const url = new URL(req.url ?? '/', 'http://localhost');
        const html = OBS_PAGES.get(url.pathname.slice(1));
        if (html === undefined) return next();
        server
          .transformIndexHtml(url.pathname, html, req.originalUrl)
          .then((transformed) => {
            res.setHeader('Content-Type', 'text/html');
            res.end(transformed);
          })
          .catch(next);
      }),
  };
}
