import type { AlertSound, ClientMessage } from '@shabaash/shared';
import { soundDurationMs, soundState } from './sound.ts';

// Alert receipts (plain DOM, no zod): the overlay tells the API each alert it put on screen (`alert:ack`) and
// whether OBS shows it and it may play sound (`overlay:state`), so the creator's phone proves every alert played.
// OBS hiding the source: `document.visibilityState` and the browser source's obsSourceVisibleChanged /
// obsSourceActiveChanged events; autoplay refused: the AudioContext stays suspended, or speech's play() is not
// allowed. An alert played while hidden is not acknowledged: the API shows it again once OBS shows the page.

export interface AlertReceipts {
  /** An alert (a live tip, not a test) just went on screen with the WebAudio `sound`; its receipt follows once it ends. */
  played(tipId: string, sound: string): void;
  /** An alert just went on screen with its tier's sound file; its receipt follows once `heard` says how it played. */
  playedFile(tipId: string, heard: Promise<AlertSound>): void;
  /** Speech or a tier sound failed: a NotAllowedError means the page may not play sound. */
  audioFailed(error: unknown): void;
  /** The sound's AudioContext started or was suspended. */
  soundChanged(): void;
  /** The socket was welcomed: send the state, and receipts the last socket could not carry. */
  connected(): void;
  stop(): void;
}

interface ObsEvent extends Event {
  detail?: { visible?: boolean; active?: boolean };
}

/** `send` is the overlay socket's (false while it is not connected: kept until the next welcome). */
export function createAlertReceipts(send: (message: ClientMessage) => boolean): AlertReceipts {
  let obsVisible = true;
  let obsActive = true;
  let speechAllowed = true;
  let sent: { visible: boolean; audible: boolean } | null = null;
  const pending: ClientMessage[] = [];
  const timers = new Set<ReturnType<typeof setTimeout>>();
  let stopped = false;

  const visible = () => document.visibilityState !== 'hidden' && obsVisible && obsActive;
  const audible = () => speechAllowed && soundState() !== 'suspended' && soundState() !== 'closed';

  function report(force = false): void {
    const state = { visible: visible(), audible: audible() };
    if (!force && sent && sent.visible === state.visible && sent.audible === state.audible) return;
    if (send({ type: 'overlay:state', ...state })) sent = state;
    document.documentElement.dataset.overlayVisible = String(state.visible);
    document.documentElement.dataset.overlayAudible = String(state.audible);
  }

  function soundOf(name: string): AlertSound {
    if (!speechAllowed) return 'no_sound';
    if (name === 'none') return 'no_sound';
    const state = soundState();
    if (state === 'running') return 'played';
    return state === null ? 'failed' : 'no_sound';
  }

  function ack(tipId: string, sound: AlertSound): void {
    const message: ClientMessage = { type: 'alert:ack', tipId, sound };
    if (!send(message)) pending.push(message);
  }

  const onVisibility = () => report();
  const onObsVisible = (event: Event) => {
    obsVisible = (event as ObsEvent).detail?.visible !== false;
    report();
  };
  const onObsActive = (event: Event) => {
    obsActive = (event as ObsEvent).detail?.active !== false;
    report();
  };
  document.addEventListener('visibilitychange', onVisibility);
  window.addEventListener('obsSourceVisibleChanged', onObsVisible);
  window.addEventListener('obsSourceActiveChanged', onObsActive);

  return {
    played(tipId, sound) {
      if (!visible()) return;
      const timer = setTimeout(() => {
        timers.delete(timer);
        // Hidden meanwhile: not seen; the API re-shows it when OBS shows the page again.
        if (visible()) ack(tipId, soundOf(sound));
      }, soundDurationMs(sound));
      timers.add(timer);
    },
    playedFile(tipId, heard) {
      if (!visible()) return;
      void heard.then((sound) => {
        if (!stopped && visible()) ack(tipId, speechAllowed ? sound : 'no_sound');
      });
    },
    audioFailed(error) {
      if (error instanceof DOMException && error.name === 'NotAllowedError') {
        speechAllowed = false;
        report();
      }
    },
    soundChanged: () => report(),
    connected() {
      report(true);
      while (pending.length > 0 && send(pending[0]!)) pending.shift();
    },
    stop() {
      stopped = true;
      timers.forEach((timer) => clearTimeout(timer));
      document.removeEventListener('visibilitychange', onVisibility);
      window.removeEventListener('obsSourceVisibleChanged', onObsVisible);
      window.removeEventListener('obsSourceActiveChanged', onObsActive);
    },
  };
}
