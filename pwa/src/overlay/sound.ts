// Tip sounds made with WebAudio (no audio files to fetch or cache). An autoplay refusal leaves the context
// suspended: the alert receipts report it (`soundState`).

type Note = { freq: number; at: number; length: number };

const SOUNDS: Record<string, Note[]> = {
  default: [
    { freq: 880, at: 0, length: 0.16 },
    { freq: 1320, at: 0.14, length: 0.24 },
  ],
  chime: [
    { freq: 1046.5, at: 0, length: 0.3 },
    { freq: 1318.5, at: 0.12, length: 0.3 },
    { freq: 1568, at: 0.24, length: 0.45 },
  ],
  coin: [
    { freq: 988, at: 0, length: 0.08 },
    { freq: 1319, at: 0.08, length: 0.35 },
  ],
};

/** The sound names the overlay can play; `none` is silent. */
export const SOUND_NAMES = ['default', 'chime', 'coin', 'none'] as const;

let context: AudioContext | null = null;
const stateListeners = new Set<() => void>();

/**
 * Whether the page may play sound: `running`, `suspended` (autoplay refused: no user gesture under Chromium's
 * policy), `closed`, or null before the first sound is prepared (or without WebAudio).
 */
export function soundState(): AudioContextState | null {
  return context?.state ?? null;
}

/** Calls `listener` whenever the AudioContext starts, is suspended or closes (alert receipts). */
export function onSoundStateChange(listener: () => void): () => void {
  stateListeners.add(listener);
  return () => stateListeners.delete(listener);
}

/** How long a sound plays (ms), so speech can start after it; 0 for `none`. */
export function soundDurationMs(name: string): number {
  if (name === 'none') return 0;
  const notes = SOUNDS[name] ?? SOUNDS.default ?? [];
  return Math.ceil(Math.max(0, ...notes.map((n) => n.at + n.length)) * 1000) + 150;
}

/** The page's one AudioContext, made on first need. */
function audioContext(): AudioContext | null {
  const Ctor =
    window.AudioContext ??
    (window as unknown as { webkitAudioContext?: typeof AudioContext }).webkitAudioContext;
  if (!Ctor) return null;
  if (!context) {
    context = new Ctor();
    context.addEventListener?.('statechange', () => stateListeners.forEach((listener) => listener()));
    stateListeners.forEach((listener) => listener());
  }
  return context;
}

/**
 * Makes the AudioContext ahead of the first tip when the overlay will play a sound: Chromium's first one starts the
 * audio service, ~450 ms of the page's main thread here (e2e), which on the first tip delayed its card by as much.
 * Never throws.
 */
export function prepareTipSound(name: string): void {
  if (name === 'none') return;
  try {
    audioContext();
  } catch (error) {
    console.warn('Overlay sound could not be prepared', error);
  }
}

/** Plays the overlay's tip sound (unknown names fall back to `default`, `none` is silent); never throws. */
export function playTipSound(name: string): void {
  if (name === 'none') return;
  const notes = SOUNDS[name] ?? SOUNDS.default ?? [];
  try {
    const ctx = audioContext();
    if (!ctx) return;
    void ctx.resume?.().catch(() => undefined);
    const start = ctx.currentTime + 0.02;
    for (const note of notes) {
      const osc = ctx.createOscillator();
      const gain = ctx.createGain();
      osc.type = 'sine';
      osc.frequency.value = note.freq;
      gain.gain.setValueAtTime(0.0001, start + note.at);
      gain.gain.exponentialRampToValueAtTime(0.25, start + note.at + 0.02);
      gain.gain.exponentialRampToValueAtTime(0.0001, start + note.at + note.length);
      osc.connect(gain).connect(ctx.destination);
      osc.start(start + note.at);
      osc.stop(start + note.at + note.length + 0.05);
    }
  } catch (error) {
    console.warn('Overlay sound could not play', error);
  }
}
