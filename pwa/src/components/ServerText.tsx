import { localizeText } from '../i18n/errors.ts';
import { useT } from '../i18n/i18n.tsx';

/**
 * A text the API composed (a payout's failure reason, what Razorpay asks for, why a webhook endpoint was switched
 * off) in the chosen language: the catalogue text when it is one of the shared texts, else the words as they came
 * (a payment provider's own English description), marked `lang="en"` so screen readers pronounce them right.
 */
export function ServerText({ text }: { text: string }) {
  const { language } = useT();
  const shown = localizeText(text);
  return language !== 'en' && shown === text ? <span lang="en">{text}</span> : <>{shown}</>;
}
