/** 16-bit PCM mono WAV encoding (eSpeak NG's output) and the header check that tests and the bench use. */

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
