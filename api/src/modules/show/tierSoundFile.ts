import { LIMITS, MESSAGES } from '@shabaash/shared';
import { badRequest } from '../../http/errors.ts';

export type TierSoundType = 'audio/mpeg' | 'audio/ogg';

// MPEG audio frame headers (ISO 11172-3 / 13818-3): bitrates in kbit/s by [version is MPEG-1][layer], and sample
// rates by version; index 0 (free format) and 15 of bitrates and 3 of sample rates are invalid.
const BITRATES: Record<string, number[]> = {
  '1-1': [0, 32, 64, 96, 128, 160, 192, 224, 256, 288, 320, 352, 384, 416, 448],
  '1-2': [0, 32, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320, 384],
  '1-3': [0, 32, 40, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320],
  '2-1': [0, 32, 48, 56, 64, 80, 96, 112, 128, 144, 160, 176, 192, 224, 256],
  '2-2': [0, 8, 16, 24, 32, 40, 48, 56, 64, 80, 96, 112, 128, 144, 160],
  '2-3': [0, 8, 16, 24, 32, 40, 48, 56, 64, 80, 96, 112, 128, 144, 160],
};
const SAMPLE_RATES: Record<number, number[]> = {
  3: [44100, 48000, 32000],
  2: [22050, 24000, 16000],
  0: [11025, 12000, 8000],
};

/** The length in bytes of the MPEG audio frame whose header starts at `at`, or null when there is none. */
function mpegFrameLength(bytes: Buffer, at: number): number | null {
  if (at + 4 > bytes.length) return null;
  const [b0, b1, b2] = [bytes[at]!, bytes[at + 1]!, bytes[at + 2]!];
  if (b0 !== 0xff || (b1 & 0xe0) !== 0xe0) return null;
  const version = (b1 >> 3) & 3; // 3 MPEG-1, 2 MPEG-2, 0 MPEG-2.5, 1 reserved
  const layer = 4 - ((b1 >> 1) & 3); // 1, 2, 3 (4 = reserved)
  const rates = SAMPLE_RATES[version];
  const bitrate = BITRATES[`${version === 3 ? 1 : 2}-${layer}`]?.[(b2 >> 4) & 15];
  const sampleRate = rates?.[(b2 >> 2) & 3];
  if (!bitrate || !sampleRate) return null;
  const padding = (b2 >> 1) & 1;
  if (layer === 1) return (Math.floor((12 * bitrate * 1000) / sampleRate) + padding) * 4;
  const perFrame = layer === 3 && version !== 3 ? 72 : 144;
  return Math.floor((perFrame * bitrate * 1000) / sampleRate) + padding;
}

/** An MP3: after an optional ID3v2 tag, three MPEG audio frames in a row (or frames up to the file's end). */
function isMp3(bytes: Buffer): boolean {
  let at = 0;
  if (bytes.length >= 10 && bytes.toString('latin1', 0, 3) === 'ID3') {
    const size =
      ((bytes[6]! & 0x7f) << 21) |
      ((bytes[7]! & 0x7f) << 14) |
      ((bytes[8]! & 0x7f) << 7) |
      (bytes[9]! & 0x7f);
    at = 10 + size + (bytes[5]! & 0x10 ? 10 : 0);
  }
  for (let frames = 0; frames < 3; frames += 1) {
    if (frames > 0 && at === bytes.length) return true;
    const length = mpegFrameLength(bytes, at);
    if (!length) return false;
    at += length;
  }
  return at <= bytes.length;
}

/** An Ogg Vorbis or Ogg Opus file: a first Ogg page (version 0, beginning of stream) carrying the codec's header. */
function isOgg(bytes: Buffer): boolean {
  if (bytes.length < 28 || bytes.toString('latin1', 0, 4) !== 'OggS' || bytes[4] !== 0) return false;
  if ((bytes[5]! & 0x02) === 0) return false;
  const segments = bytes[26]!;
  const body = 27 + segments;
  if (body + 8 > bytes.length) return false;
  const head = bytes.subarray(body, body + 8);
  return head.toString('latin1', 1, 7) === 'vorbis' && head[0] === 1
    ? true
    : head.toString('latin1') === 'OpusHead';
}

/** What the bytes really are (judged by parsing their container, never by a name or a declared type), or null. */
export function sniffTierSound(bytes: Buffer): TierSoundType | null {
  if (isOgg(bytes)) return 'audio/ogg';
  if (isMp3(bytes)) return 'audio/mpeg';
  return null;
}

const DATA_URL = /^data:[a-z0-9.+/-]*;base64,([A-Za-z0-9+/]*={0,2})$/i;

/**
 * Checks an uploaded tier sound (a base64 data string): at most LIMITS.tierSoundMaxBytes decoded bytes of a real
 * MP3 or OGG file, whatever type it declares. Throws 400 otherwise; returns the bytes and their type.
 */
export function validateTierSound(dataString: string): { bytes: Buffer; contentType: TierSoundType } {
  const payload = DATA_URL.exec(dataString.trim())?.[1];
  if (payload === undefined || payload.length % 4 !== 0) throw badRequest(MESSAGES.tierSoundType, 'audio');
  const bytes = Buffer.from(payload, 'base64');
  if (bytes.length > LIMITS.tierSoundMaxBytes) throw badRequest(MESSAGES.tierSoundSize, 'audio');
  const contentType = sniffTierSound(bytes);
  if (!contentType) throw badRequest(MESSAGES.tierSoundType, 'audio');
  return { bytes, contentType };
}
