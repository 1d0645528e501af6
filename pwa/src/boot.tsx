import { startTransition, StrictMode, useEffect } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App, appQueryClient } from './App.tsx';
import { CONFIG_QUERY_KEY } from './api/useConfig.ts';
import { SAFETY_KEYS } from './hooks/tipSafety.ts';
import { activateLanguage } from './i18n/i18n.tsx';
import type { Language } from './i18n/language.ts';
import type { StaticSeed } from './staticPage.ts';

const MOCKS = import.meta.env.MODE === 'mocks';

export interface StartOptions {
  root: HTMLElement;
  language: Language;
  /** Adopt #root's prerendered HTML (main.tsx checked it is this route's, in this language, signed out). */
  hydrate: boolean;
  /** The API answers a static page already drew (seeded so the first render matches what it showed). */
  seed?: StaticSeed;
  /** Called once React has committed the page (a static page then replays the clicks it held). */
  onCommit?: () => void;
}

function Committed({ onCommit }: { onCommit: () => void }) {
  useEffect(onCommit, [onCommit]);
  return null;
}

/** The React app: loaded by main.tsx at once, or on a static page when the visitor first acts. */
export async function startApp({
  root,
  language,
  hydrate,
  seed = {},
  onCommit,
}: StartOptions): Promise<void> {
  // The chosen language's catalogue (only that one) before the first render, so nothing renders in another.
  await activateLanguage(language);
  // `npm run dev:mocks`: MSW answers /api and /ws in the page before anything renders (no API, no database).
  if (MOCKS) await import('@shabaash/mocks/browser').then((m) => m.startMockWorker());
  if (seed.config) appQueryClient.setQueryData(CONFIG_QUERY_KEY, seed.config);
  if (seed.tipRules)
    appQueryClient.setQueryData(SAFETY_KEYS.rules(seed.tipRules.creator), seed.tipRules.rules);

  const app = (
    <StrictMode>
      <App />
      {onCommit && <Committed onCommit={onCommit} />}
    </StrictMode>
  );
  // Hydrating in a transition lets React yield every few ms (no long task).
  if (hydrate) startTransition(() => void hydrateRoot(root, app));
  else {
    root.replaceChildren();
    createRoot(root).render(app);
  }
  // index.html's inline script hid a prerendered page of the other language (data-relang): it is replaced now.
  delete document.documentElement.dataset.relang;
  // The offline mirror (Dexie) and its indicator start later, from <DeferredOfflineLayer> in the app frame.
}
