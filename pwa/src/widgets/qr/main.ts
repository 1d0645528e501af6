import { renderSVG } from 'uqr';
import { guestLink } from '@shabaash/shared/core';
import { el } from '../../lib/dom.ts';
import { mountWidget, type WidgetView } from '../runtime.ts';
import '../widgets.css';

// The QR widget: the creator's guest-tip link as a QR code drawn here as SVG (uqr), never a remote image,
// so viewers on a TV or laptop tip from their phone.

/** The QR code of `text` as an SVG element (parsed as SVG, never as HTML). */
export function qrSvg(text: string): SVGSVGElement {
  const svg = new DOMParser().parseFromString(
    renderSVG(text, { border: 1 }),
    'image/svg+xml',
  ).documentElement;
  return document.importNode(svg, true) as unknown as SVGSVGElement;
}

/** Draws the code of the guest link and its caption (the creator's or the show language's). */
export function drawQr(root: HTMLElement, { state, text, revoked }: WidgetView): void {
  if (revoked || !state) return void root.replaceChildren();
  const link = guestLink(window.location.origin, state.handle);
  const caption = state.widgets.qr.caption || text.qrCaption;
  const figure = el('figure', 'wg wg-qr');
  const code = el('div', 'wg-code');
  const svg = qrSvg(link);
  svg.setAttribute('role', 'img');
  svg.setAttribute('aria-label', link);
  code.append(svg);
  code.dataset.link = link;
  figure.append(code, el('figcaption', 'wg-caption', caption));
  root.replaceChildren(figure);
}

mountWidget(drawQr);
