import { formatPaise } from '@shabaash/shared/core';
import { el } from '../../lib/dom.ts';
import { mountWidget, type WidgetView } from '../runtime.ts';
import '../widgets.css';

// The goal widget: a progress bar of the paid tips of the current stream session towards the goal.

/** Draws the goal card: title, bar and "₹raised of ₹target" in the show language. */
export function drawGoal(root: HTMLElement, { state, text, revoked }: WidgetView): void {
  if (revoked || !state) return void root.replaceChildren();
  const goal = state.widgets.goal;
  const targetPaise = goal.targetAmount * 100;
  const raisedPaise = state.goal.raisedPaise;
  const percent = targetPaise > 0 ? Math.min(100, (raisedPaise / targetPaise) * 100) : 0;
  const title = goal.title || text.goalTitle;

  const card = el('section', 'wg wg-goal');
  card.setAttribute('aria-label', title);
  const bar = el('div', 'wg-bar');
  bar.setAttribute('role', 'progressbar');
  bar.setAttribute('aria-label', title);
  bar.setAttribute('aria-valuemin', '0');
  bar.setAttribute('aria-valuemax', String(targetPaise / 100));
  bar.setAttribute('aria-valuenow', String(Math.min(raisedPaise, targetPaise) / 100));
  const fill = el('div', 'wg-fill');
  fill.style.width = `${percent.toFixed(2)}%`;
  bar.append(fill);
  bar.dataset.percent = percent.toFixed(2);
  const caption = el('p', 'wg-caption', text.goalRaised(formatPaise(raisedPaise), formatPaise(targetPaise)));
  caption.setAttribute('aria-live', 'polite');
  card.append(el('h1', 'wg-title', title), bar, caption);
  root.replaceChildren(card);
}

mountWidget(drawGoal);
