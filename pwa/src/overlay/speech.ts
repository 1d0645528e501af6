import { apiUrl } from '@shabaash/shared/core';
// Speech on the overlay: an <audio> element that plays a tip's speech once the alert sound has played. The card
// never waits for it: a real tip's speech plays when the API says it is ready (speech:ready on the overlay's
// socket, possibly before the card's own event arrives); a test alert's speech is fetched at once.
// The element's data-state (playing, ended, stopped, failed) and data-tip-id say what it did.

const REMEMBERED_READY = 20;

export interface SpeechPlayer {
  /** A card went live: stop what was playing; read `tipId` once `after` settles, from `url` or once it is ready. */
  live(tipId: string, options: { url?: string | null; after: Promise<unknown>; volume: number }): void;
  /** The API has this tip's speech. */
  ready(tipId: string): void;
  /** Stop reading now (Skip reading, or the card left the screen). */
  stop(): void;
}

/** `onError`: a speech could not play (a NotAllowedError is an autoplay refusal: the page is not heard). */
export function createSpeechPlayer(key: string, onError?: (error: unknown) => void): SpeechPlayer {
  const audio = document.createElement('audio');
  audio.className = 'ov-speech';
  audio.preload = 'auto';
  document.body.append(audio);
  const setState = (state: string) => (audio.dataset.state = state);
  audio.addEventListener('playing', () => setState('playing'));
  audio.addEventListener('ended', () => setState('ended'));

  const readyIds: string[] = [];
  let wanted: { tipId: string; after: Promise<unknown>; volume: number; started: boolean } | null = null;

  const tipUrl = (tipId: string) => apiUrl('overlaySpeech', { id: tipId }, { key });

  function play(url: string): void {
    const want = wanted;
    if (!want || want.started) return;
    want.started = true;
    // The alert sound first: the speech starts when it has played (or was stopped, or failed).
    void want.after.then(() => {
      if (wanted !== want) return;
      audio.src = url;
      audio.volume = Math.min(1, Math.max(0, want.volume / 100));
      audio.dataset.tipId = want.tipId;
      audio.play().catch((error: unknown) => {
        // A skip or the next card during play()'s start rejects it (AbortError): that is a stop, not a failure.
        if (wanted !== want) return;
        setState('failed');
        console.warn('Overlay speech could not play', error);
        onError?.(error);
      });
    });
  }

  function stop(): void {
    wanted = null;
    if (audio.getAttribute('src')) {
      audio.pause();
      audio.removeAttribute('src');
      setState('stopped');
    }
  }

  return {
    live(tipId, { url, after, volume }) {
      stop();
      wanted = { tipId, after, volume, started: false };
      if (url) play(url);
      else if (readyIds.includes(tipId)) play(tipUrl(tipId));
    },
    ready(tipId) {
      readyIds.push(tipId);
      if (readyIds.length > REMEMBERED_READY) readyIds.shift();
      if (wanted?.tipId === tipId) play(tipUrl(tipId));
    },
    stop,
  };
}
