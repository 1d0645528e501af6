import { formatPaise } from '@shabaash/shared/core';
import { el } from '../../lib/dom.ts';
import { mountWidget, type WidgetView } from '../runtime.ts';
import '../widgets.css';

// The top supporters widget: the top 5 by the name on their tips, for this stream, this week or all
// time. The server groups, ranks and leaves out blocked viewers; no phone number ever reaches it.

/** Draws the ranked list, or nothing while the creator has the widget off. */
export function drawSupporters(root: HTMLElement, { state, text, revoked }: WidgetView): void {
  if (revoked || !state?.widgets.supporters.enabled) return void root.replaceChildren();
  const card = el('section', 'wg wg-supporters');
  const title = text.supportersTitle[state.widgets.supporters.range];
  card.setAttribute('aria-label', title);
  card.append(el('h1', 'wg-title', title));
  if (state.supporters.length === 0) {
    card.append(el('p', 'wg-caption', text.supportersEmpty));
  } else {
    const list = el('ol', 'wg-list');
    for (const supporter of state.supporters) {
      const row = el('li', 'wg-row');
      row.append(
        el('span', 'wg-name', supporter.name),
        el('span', 'wg-amount', formatPaise(supporter.amountPaise)),
      );
      list.append(row);
    }
    card.append(list);
  }
  root.replaceChildren(card);
}

mountWidget(drawSupporters);
