import type { WidgetTimer } from '@shabaash/shared';
import { TIMER_TEXT, formatCountdown, timerRemainingMs } from '@shabaash/shared/core';
import { el } from '../../lib/dom.ts';
import { mountWidget, type WidgetView } from '../runtime.ts';
import '../widgets.css';

// The subathon timer widget: the countdown from the stored end time (never a count of its own), so reloading OBS,
// restarting the API or a dropped socket shows the same time. The server's clock in each answer sets the offset
// of this page's clock; a countdown that reaches 0 shows the creator's ending text at once (the server's job
// ends the run within a second and tells the bots).

/** How often the digits are redrawn (under a second, so a second is never skipped). */
const TICK_MS = 250;
let ticker: ReturnType<typeof setInterval> | null = null;

/** What the card says now: the time left, "Paused", or the ending text. */
function timerLine(timer: WidgetTimer, offsetMs: number, text: (typeof TIMER_TEXT)['en']) {
  const left = timerRemainingMs(timer, Date.now() + offsetMs);
  const ended = timer.status === 'ended' || (timer.status === 'running' && left <= 0);
  return { ended, digits: formatCountdown(left), ending: timer.endingText || text.ended };
}

/** Draws the timer card and keeps its digits ticking until the next draw. */
export function drawTimer(root: HTMLElement, { state, revoked }: WidgetView): void {
  if (ticker) clearInterval(ticker);
  ticker = null;
  const timer = state?.timer;
  if (revoked || !state || !timer) return void root.replaceChildren();
  const text = TIMER_TEXT[state.language] ?? TIMER_TEXT.en;
  const offsetMs = Date.parse(timer.serverNow) - Date.now();

  const card = el('section', 'wg wg-timer');
  card.setAttribute('aria-label', text.title);
  card.dataset.status = timer.status;
  card.dataset.endsAt = timer.endsAt ?? '';
  const digits = el('p', 'wg-timer-digits');
  digits.setAttribute('role', 'timer');
  const caption = el('p', 'wg-caption');
  caption.setAttribute('aria-live', 'polite');
  card.append(digits, caption);
  root.replaceChildren(card);

  /** Redraws the digits; answers whether the countdown has ended (then the ticking stops). */
  const paint = (): boolean => {
    const line = timerLine(timer, offsetMs, text);
    card.dataset.ended = String(line.ended);
    digits.textContent = line.ended ? '' : line.digits;
    digits.hidden = line.ended;
    const said = line.ended ? line.ending : timer.status === 'paused' ? text.paused : '';
    if (caption.textContent !== said) caption.textContent = said;
    if (line.ended && ticker) clearInterval(ticker);
    return line.ended;
  };
  if (!paint() && timer.status === 'running') ticker = setInterval(paint, TICK_MS);
}

mountWidget(drawTimer);
