import { registerSW } from 'virtual:pwa-register';
import { activateLanguage, i18n, translate } from '../i18n/core.ts';

const UPDATE_PROMPT_ID = 'sw-update-prompt';

function showUpdatePrompt(update: () => Promise<void>): void {
  if (document.getElementById(UPDATE_PROMPT_ID)) return;
  const box = document.createElement('div');
  box.id = UPDATE_PROMPT_ID;
  box.className = 'update-prompt';
  box.setAttribute('role', 'status');
  const text = document.createElement('span');
  text.textContent = translate('update.ready');
  const reload = document.createElement('button');
  reload.type = 'button';
  reload.className = 'button button-primary button-small';
  reload.textContent = translate('update.now');
  reload.addEventListener('click', () => {
    // Never reload with queued offline actions (tips, moderation): wait until the outbox has replayed.
    reload.disabled = true;
    void import('../sync/index.ts')
      .then((m) =>
        m.whenSafeToReload((pending) => {
          text.textContent = translate('update.finishing', { count: pending });
        }),
      )
      .then(() => update());
  });
  const later = document.createElement('button');
  later.type = 'button';
  later.className = 'button button-ghost button-small';
  later.textContent = translate('update.later');
  later.addEventListener('click', () => box.remove());
  box.append(text, reload, later);
  document.body.append(box);
}

/**
 * Registers the service worker (sw.ts) (registerType 'prompt'): a new version waits until the user
 * chooses Update now, so the page never reloads by itself in the middle of moderation. Free of React (it runs on the
 * static public pages too).
 */
export function registerServiceWorker(): void {
  if (!('serviceWorker' in navigator)) return;
  const updateSW = registerSW({
    immediate: true,
    onNeedRefresh() {
      // A static page (src/staticPage.ts) has loaded no catalogue yet: the page's own language's, then the prompt.
      const ready = i18n.locale
        ? Promise.resolve()
        : activateLanguage(document.documentElement.lang === 'hi' ? 'hi' : 'en');
      void ready.then(() => showUpdatePrompt(() => updateSW(true)));
    },
  });
}
