import sharp from 'sharp';
import { LIMITS, MESSAGES } from '@shabaash/shared';
import { badRequest } from '../../http/errors.ts';

export type ImageKind = 'png' | 'jpeg' | 'webp';

/** MIME types a data string may declare; image/jpg is what some browsers and tools write for JPEG. */
const DECLARED: Record<string, ImageKind> = {
  'image/png': 'png',
  'image/jpeg': 'jpeg',
  'image/jpg': 'jpeg',
  'image/webp': 'webp',
};

const PNG_MAGIC = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const JPEG_MAGIC = Buffer.from([0xff, 0xd8, 0xff]);

/** What the bytes really are, judged by their magic numbers; null for anything else. */
export function sniffImage(bytes: Buffer): ImageKind | null {
  if (bytes.length >= 8 && bytes.subarray(0, 8).equals(PNG_MAGIC)) return 'png';
  if (bytes.length >= 3 && bytes.subarray(0, 3).equals(JPEG_MAGIC)) return 'jpeg';
  if (
    bytes.length >= 12 &&
    bytes.toString('latin1', 0, 4) === 'RIFF' &&
    bytes.toString('latin1', 8, 12) === 'WEBP'
  ) {
    return 'webp';
  }
  return null;
}

const DATA_URL = /^data:([a-z0-9.+/-]+);base64,([A-Za-z0-9+/]*={0,2})$/i;

/**
 * Checks a profile picture data string: a base64 PNG, JPEG or WebP whose bytes match the declared
 * type, at most 1,000,000 decoded bytes. Throws 400 with the spec's message otherwise; returns the bytes.
 */
export function validateProfilePicture(dataString: string): Buffer {
  const match = DATA_URL.exec(dataString.trim());
  const declared = match?.[1] ? DECLARED[match[1].toLowerCase()] : undefined;
  const payload = match?.[2];
  if (!declared || payload === undefined || payload.length % 4 !== 0) {
    throw badRequest(MESSAGES.profilePicType, 'profilePic');
  }
  const bytes = Buffer.from(payload, 'base64');
  if (bytes.length > LIMITS.profilePicMaxBytes) throw badRequest(MESSAGES.profilePicSize, 'profilePic');
  if (sniffImage(bytes) !== declared) throw badRequest(MESSAGES.profilePicType, 'profilePic');
  return bytes;
}

/** The thumbnail every screen and overlay shows: 128 × 128, cropped to fill, WebP. */
export const THUMBNAIL_SIDE_PX = 128;

/** A validated image → its thumbnail (a decoder error, e.g. a truncated file, is the same 400 as a bad type). */
export async function thumbnailOf(bytes: Buffer): Promise<Buffer> {
  try {
    return await sharp(bytes, { limitInputPixels: 50_000_000 })
      .rotate()
      .resize(THUMBNAIL_SIDE_PX, THUMBNAIL_SIDE_PX, { fit: 'cover' })
      .webp({ quality: 80 })
      .toBuffer();
  } catch {
    throw badRequest(MESSAGES.profilePicType, 'profilePic');
  }
}
