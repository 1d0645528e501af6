import jsQR from 'jsqr';
import type { Locator } from 'playwright-core';

/**
 * Decodes the QR code a page shows, as drawn: an `<img>` or an inline `<svg>` is rasterised onto a white canvas of
 * `size` pixels in the browser and its pixels go to a QR decoder. Null when no code can be read.
 */
export async function decodeQr(shown: Locator, size: number): Promise<string | null> {
  const pixels = await shown.evaluate(async (element: Element, size) => {
    let image: HTMLImageElement;
    if (element instanceof HTMLImageElement) image = element;
    else {
      image = new Image();
      image.src = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(new XMLSerializer().serializeToString(element))}`;
    }
    await image.decode();
    const canvas = document.createElement('canvas');
    canvas.width = size;
    canvas.height = size;
    const context = canvas.getContext('2d');
    if (!context) throw new Error('no 2d context');
    context.fillStyle = '#ffffff';
    context.fillRect(0, 0, size, size);
    context.imageSmoothingEnabled = false;
    context.drawImage(image, 0, 0, size, size);
    return Array.from(context.getImageData(0, 0, size, size).data);
  }, size);
  return jsQR(Uint8ClampedArray.from(pixels), size, size)?.data ?? null;
}
