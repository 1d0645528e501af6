import { registerSW } from 'virtual:pwa-register';

const UPDATE_PROMPT_ID = 'sw-update-prompt';

function showUpdatePrompt(update: () => Promise<void>): void {
  if (document.getElementById(UPDATE_PROMPT_ID)) return;
  const box = document.createElement('div');
  box.id = UPDATE_PROMPT_ID;
  box.className = 'update-prompt';
  box.setAttribute('role', 'status');
  const text = document.createElement('span');
  text.textContent = 'A new version of Shabaash is ready.';
  const reload = document.createElement('button');
  reload.type = 'button';
  reload.className = 'button button-primary button-small';
  reload.textContent = 'Update now';
  reload.addEventListener('click', () => {
    // Never reload with queued offline actions (tips, moderation): wait until the outbox has replayed.
    reload.disabled = true;
    void import('../sync/index.ts')
      .then((m) =>
        m.whenSafeToReload((pending) => {
          text.textContent = `Finishing ${pending} offline change${pending === 1 ? '' : 's'} before updating…`;
        }),
      )
      .then(() => update());
  });
  const later = document.createElement('button');
  later.type = 'button';
  later.className = 'button button-ghost button-small';
  later.textContent = 'Later';
  later.addEventListener('click', () => box.remove());
  box.append(text, reload, later);
  document.body.append(box);
}

/**
 * Registers the generated service worker (registerType 'prompt'): a new version waits until the user
 * chooses Update now, so the page never reloads by itself in the middle of moderation.
 */
export function registerServiceWorker(): void {
  if (!('serviceWorker' in navigator)) return;
  const updateSW = registerSW({
    immediate: true,
    onNeedRefresh() {
      showUpdatePrompt(() => updateSW(true));
    },
  });
}
