import { MESSAGES } from '@shabaash/shared';

/** Reads a file as a data URL (profile pictures, tier sounds); rejects with the spec's read-failure message. */
export function readAsDataUrl(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () =>
      typeof reader.result === 'string' ? resolve(reader.result) : reject(new Error(MESSAGES.profilePicRead));
    reader.onerror = () => reject(new Error(MESSAGES.profilePicRead));
    reader.readAsDataURL(file);
  });
}
