import type { AlertSound } from '@shabaash/shared/core';

// A tier's own alert sound (a shipped file or the creator's upload, same origin) on one hidden
// <audio class="ov-sound">: an audio element, like the speech, so it plays in OBS's browser source. Its
// data-state (playing, ended, stopped, failed) and data-url say what it did.

/** The longest a sound may hold the speech back (an upload of 300 KB at a low bitrate can run long). */
const MAX_WAIT_MS = 15_000;

export interface TierSoundPlayer {
  /**
   * Stops what was playing and plays `url` at `volume` (0–100). Resolves once it ended, was stopped, failed or ran
   * past MAX_WAIT_MS: `played` when it was heard, `no_sound` when the page may not play sound, `failed` otherwise.
   */
  play(url: string, volume: number): Promise<AlertSound>;
  stop(): void;
}

/** `onError`: the sound could not play (a NotAllowedError is an autoplay refusal: the page is not heard). */
export function createTierSoundPlayer(onError?: (error: unknown) => void): TierSoundPlayer {
  const audio = document.createElement('audio');
  audio.className = 'ov-sound';
  audio.preload = 'auto';
  document.body.append(audio);
  let finish: ((sound: AlertSound) => void) | null = null;
  let heard = false;
  let guard: ReturnType<typeof setTimeout> | undefined;

  const settle = (sound: AlertSound, state: string) => {
    clearTimeout(guard);
    audio.dataset.state = state;
    const done = finish;
    finish = null;
    done?.(sound);
  };
  audio.addEventListener('playing', () => {
    heard = true;
    audio.dataset.state = 'playing';
  });
  audio.addEventListener('ended', () => settle('played', 'ended'));
  audio.addEventListener('error', () => finish && settle('failed', 'failed'));

  function stop(): void {
    if (!audio.getAttribute('src')) return;
    audio.pause();
    audio.removeAttribute('src');
    settle(heard ? 'played' : 'no_sound', 'stopped');
  }

  return {
    play(url, volume) {
      stop();
      heard = false;
      return new Promise<AlertSound>((resolve) => {
        finish = resolve;
        guard = setTimeout(() => settle(heard ? 'played' : 'failed', 'timeout'), MAX_WAIT_MS);
        audio.src = url;
        audio.dataset.url = url;
        audio.volume = Math.min(1, Math.max(0, volume / 100));
        audio.play().catch((error: unknown) => {
          if (finish !== resolve) return; // stopped meanwhile: already settled
          console.warn('Overlay tier sound could not play', error);
          onError?.(error);
          const refused = error instanceof DOMException && error.name === 'NotAllowedError';
          settle(refused ? 'no_sound' : 'failed', 'failed');
        });
      });
    },
    stop,
  };
}
