// Makes the alert sounds shipped with the product (pwa/public/sounds/*.mp3): each is synthesised here from sine
// tones (no recording, no sample from anyone else), written as 16-bit WAV and encoded by `lame` (Debian package
// `lame`). The MP3s are committed, so builds and CI never run this; run it again only to change a sound:
//   node scripts/makeTierSounds.mjs
// The ids must match TIER_SOUNDS in shared/src/tiers.ts. Licence: CC0 (pwa/public/sounds/LICENSES.md).
import { Buffer } from 'node:buffer';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const RATE = 22050;

/** A note: frequency (Hz), start and length (s), loudness (0–1), and an optional glide to `to` Hz. */
const SOUNDS = {
  bell: [
    { freq: 1318.5, at: 0, length: 0.9, level: 0.5 },
    { freq: 2637, at: 0, length: 0.5, level: 0.15 },
  ],
  coins: [
    { freq: 1975.5, at: 0, length: 0.09, level: 0.45 },
    { freq: 2637, at: 0.08, length: 0.35, level: 0.45 },
    { freq: 1975.5, at: 0.22, length: 0.09, level: 0.35 },
    { freq: 2637, at: 0.3, length: 0.4, level: 0.35 },
  ],
  fanfare: [
    { freq: 523.25, at: 0, length: 0.16, level: 0.4 },
    { freq: 659.25, at: 0.14, length: 0.16, level: 0.4 },
    { freq: 783.99, at: 0.28, length: 0.16, level: 0.4 },
    { freq: 1046.5, at: 0.42, length: 0.55, level: 0.45 },
  ],
  pop: [{ freq: 400, to: 1200, at: 0, length: 0.12, level: 0.55 }],
  sparkle: [
    { freq: 2093, at: 0, length: 0.2, level: 0.3 },
    { freq: 2637, at: 0.07, length: 0.2, level: 0.3 },
    { freq: 3136, at: 0.14, length: 0.25, level: 0.3 },
    { freq: 4186, at: 0.21, length: 0.35, level: 0.25 },
  ],
};

/** Mono samples (−1..1): each note with a 5 ms attack and an exponential decay, plus 50 ms of silence after. */
function samplesOf(notes) {
  const seconds = Math.max(...notes.map((n) => n.at + n.length)) + 0.05;
  const out = new Float32Array(Math.ceil(seconds * RATE));
  for (const note of notes) {
    const start = Math.floor(note.at * RATE);
    const count = Math.floor(note.length * RATE);
    let phase = 0;
    for (let i = 0; i < count; i += 1) {
      const t = i / RATE;
      const freq = note.to ? note.freq + ((note.to - note.freq) * i) / count : note.freq;
      phase += (2 * Math.PI * freq) / RATE;
      const envelope = Math.min(1, t / 0.005) * Math.exp((-5 * t) / note.length);
      out[start + i] += note.level * envelope * Math.sin(phase);
    }
  }
  return out;
}

function wavOf(samples) {
  const data = Buffer.alloc(samples.length * 2);
  samples.forEach((s, i) => data.writeInt16LE(Math.round(Math.max(-1, Math.min(1, s)) * 32767), i * 2));
  const header = Buffer.alloc(44);
  header.write('RIFF', 0);
  header.writeUInt32LE(36 + data.length, 4);
  header.write('WAVEfmt ', 8);
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20);
  header.writeUInt16LE(1, 22);
  header.writeUInt32LE(RATE, 24);
  header.writeUInt32LE(RATE * 2, 28);
  header.writeUInt16LE(2, 32);
  header.writeUInt16LE(16, 34);
  header.write('data', 36);
  header.writeUInt32LE(data.length, 40);
  return Buffer.concat([header, data]);
}

const dir = mkdtempSync(join(tmpdir(), 'tier-sounds-'));
try {
  for (const [id, notes] of Object.entries(SOUNDS)) {
    const wav = join(dir, `${id}.wav`);
    writeFileSync(wav, wavOf(samplesOf(notes)));
    execFileSync('lame', [
      '--quiet',
      '-m',
      'm',
      '-b',
      '48',
      '--resample',
      '22.05',
      wav,
      `pwa/public/sounds/${id}.mp3`,
    ]);
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
