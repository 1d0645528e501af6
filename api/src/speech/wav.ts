/**
 * 16-bit PCM mono WAV encoding, the finishing every engine's speech gets before it is stored (at most 30 s, one
 * loudness), and the header check that tests and the bench use.
 */

export interface WavInfo {
  sampleRate: number;
  channels: number;
  bitsPerSample: number;
  samples: Int16Array;
}

/** A RIFF/WAVE file of 16-bit little-endian mono samples. */
export function encodeWav(samples: Int16Array, sampleRate: number): Buffer {
  const dataBytes = samples.length * 2;
  const out = Buffer.alloc(44 + dataBytes);
  out.write('RIFF', 0, 'ascii');
  out.writeUInt32LE(36 + dataBytes, 4);
  out.write('WAVE', 8, 'ascii');
  out.write('fmt ', 12, 'ascii');
  out.writeUInt32LE(16, 16); // fmt chunk size
  out.writeUInt16LE(1, 20); // PCM
  out.writeUInt16LE(1, 22); // mono
  out.writeUInt32LE(sampleRate, 24);
  out.writeUInt32LE(sampleRate * 2, 28); // byte rate
  out.writeUInt16LE(2, 32); // block align
  out.writeUInt16LE(16, 34);
  out.write('data', 36, 'ascii');
  out.writeUInt32LE(dataBytes, 40);
  for (let i = 0; i < samples.length; i++) out.writeInt16LE(samples[i] ?? 0, 44 + i * 2);
  return out;
}

/** The longest speech ever stored or played: longer audio is cut (with a short fade) before it is encoded. */
export const MAX_SPEECH_SECONDS = 30;

/**
 * Every speech is scaled to one loudness: its speech parts to this RMS (about −21 dBFS, near eSpeak NG's own level),
 * never above this peak (about −1 dBFS, so it never clips), never boosted more than this gain (no noise pumped up).
 * The overlay then plays it at the creator's TTS volume, so that setting alone decides how loud speech is.
 */
export const SPEECH_LEVEL = { rms: 3000, peak: 29_000, maxGain: 4 } as const;

const FADE_SECONDS = 0.05;
/** 10 ms blocks quieter than this (about −40 dBFS) are pauses and do not count towards the speech's loudness. */
const SILENT_BLOCK_RMS = 330;

/** The first `MAX_SPEECH_SECONDS` of the samples, faded out over the last 50 ms when anything was cut. */
function capDuration(samples: Int16Array, sampleRate: number): Int16Array {
  const max = Math.floor(sampleRate * MAX_SPEECH_SECONDS);
  if (samples.length <= max) return samples;
  const out = samples.slice(0, max);
  const fade = Math.min(max, Math.round(sampleRate * FADE_SECONDS));
  for (let i = 0; i < fade; i++) out[max - 1 - i] = Math.round((out[max - 1 - i] ?? 0) * (i / fade));
  return out;
}

/** The largest absolute sample. */
export function peakOf(samples: Int16Array): number {
  let peak = 0;
  for (const s of samples) peak = Math.max(peak, Math.abs(s));
  return peak;
}

/** RMS of the 10 ms blocks that are not pauses (all samples when every block is quiet). */
export function speechRmsOf(samples: Int16Array, sampleRate: number): number {
  const block = Math.max(1, Math.round(sampleRate / 100));
  let sum = 0;
  let count = 0;
  for (let start = 0; start < samples.length; start += block) {
    const part = samples.subarray(start, start + block);
    const rms = rmsOf(part);
    if (rms >= SILENT_BLOCK_RMS) {
      sum += rms * rms * part.length;
      count += part.length;
    }
  }
  return count > 0 ? Math.sqrt(sum / count) : rmsOf(samples);
}

/** The samples scaled to `SPEECH_LEVEL`: the speech RMS on target unless that would push the peak past its ceiling. */
function normaliseLoudness(samples: Int16Array, sampleRate: number): Int16Array {
  const peak = peakOf(samples);
  if (peak === 0) return samples;
  const gain = Math.min(
    SPEECH_LEVEL.rms / speechRmsOf(samples, sampleRate),
    SPEECH_LEVEL.peak / peak,
    SPEECH_LEVEL.maxGain,
  );
  return samples.map((s) => Math.round(s * gain));
}

/** What every engine stores: at most `MAX_SPEECH_SECONDS`, at one loudness, as a WAV file. */
export function speechWav(samples: Int16Array, sampleRate: number): Buffer {
  return encodeWav(normaliseLoudness(capDuration(samples, sampleRate), sampleRate), sampleRate);
}

/** Root-mean-square of the samples: a silent file is 0, eSpeak NG's speech is in the thousands. */
export function rmsOf(samples: Int16Array): number {
  let sum = 0;
  for (const s of samples) sum += s * s;
  return Math.sqrt(sum / Math.max(1, samples.length));
}

/** Parses a PCM WAV file's chunks; throws when it is not one. */
export function parseWav(file: Buffer): WavInfo {
  if (file.toString('ascii', 0, 4) !== 'RIFF' || file.toString('ascii', 8, 12) !== 'WAVE') {
    throw new Error('Not a RIFF/WAVE file');
  }
  let offset = 12;
  let fmt: Omit<WavInfo, 'samples'> | null = null;
  while (offset + 8 <= file.length) {
    const id = file.toString('ascii', offset, offset + 4);
    const size = file.readUInt32LE(offset + 4);
    const body = offset + 8;
    if (id === 'fmt ') {
      if (file.readUInt16LE(body) !== 1) throw new Error('Not PCM');
      fmt = {
        channels: file.readUInt16LE(body + 2),
        sampleRate: file.readUInt32LE(body + 4),
        bitsPerSample: file.readUInt16LE(body + 14),
      };
    } else if (id === 'data') {
      if (!fmt || fmt.bitsPerSample !== 16) throw new Error('Expected 16-bit PCM before data');
      if (body + size > file.length) throw new Error('Truncated data chunk');
      const samples = new Int16Array(size / 2);
      for (let i = 0; i < samples.length; i++) samples[i] = file.readInt16LE(body + i * 2);
      return { ...fmt, samples };
    }
    offset = body + size + (size % 2);
  }
  throw new Error('No data chunk');
}
