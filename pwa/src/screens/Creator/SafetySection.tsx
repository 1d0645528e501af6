import { useEffect, useState, type FormEvent, type KeyboardEvent } from 'react';
import {
  LIMITS,
  SAFETY_LIMITS,
  SAFETY_MESSAGES,
  type BlockedSender,
  type ReviewMode,
  type SafetySettings,
} from '@shabaash/shared';
import { serverMessage } from '../../api/client.ts';
import { Card } from '../../components/Card.tsx';
import { FormStatus } from '../../components/FormStatus.tsx';
import { useCreatorSafety, useSaveCreatorSafety, useUnblockSender } from '../../hooks/useCreatorSafety.ts';
import { translate, useT } from '../../i18n/i18n.tsx';
import './safety.css';

interface FormState {
  blockedTerms: string[];
  builtinEnabled: boolean;
  minTipAmount: string;
  maxMessageLength: string;
  reviewMode: ReviewMode;
  autoLiveMinAmount: string;
}

function toForm(settings: SafetySettings): FormState {
  return {
    blockedTerms: settings.blockedTerms,
    builtinEnabled: settings.builtinEnabled,
    minTipAmount: String(settings.minTipAmount),
    maxMessageLength: String(settings.maxMessageLength),
    reviewMode: settings.reviewMode,
    autoLiveMinAmount: String(settings.autoLiveMinAmount),
  };
}

/** Parses a typed amount; blank or junk becomes NaN so the shared schema reports it. */
function amountOf(text: string): number {
  return text.trim() === '' ? Number.NaN : Number(text);
}

function senderLabel(sender: BlockedSender): string {
  return sender.name ?? sender.phone ?? translate('streamSafety.unknownSender');
}

/** The "Stream safety" card of /creator: blocked words, minimum tip, message length, review mode, blocked senders. */
export function SafetySection() {
  const safety = useCreatorSafety();
  const { t } = useT();
  const save = useSaveCreatorSafety();
  const unblock = useUnblockSender();
  const [form, setForm] = useState<FormState | null>(null);
  const [newTerm, setNewTerm] = useState('');
  const [status, setStatus] = useState<{ error?: string; success?: string }>({});
  const [termError, setTermError] = useState<string | null>(null);

  // Fill the form once from the server (later refetches do not clobber what is being edited).
  const settings = safety.data?.settings;
  useEffect(() => {
    if (settings && form === null) setForm(toForm(settings));
  }, [settings, form]);

  const set = <K extends keyof FormState>(key: K, value: FormState[K]) =>
    setForm((f) => (f ? { ...f, [key]: value } : f));

  function addTerm() {
    if (!form) return;
    const term = newTerm.trim().replace(/\s+/g, ' ');
    if (!term) return;
    if (term.length > SAFETY_LIMITS.maxTermLength)
      return setTermError(t('streamSafety.termTooLong', { max: SAFETY_LIMITS.maxTermLength }));
    if (form.blockedTerms.some((t) => t.toLowerCase() === term.toLowerCase()))
      return setTermError(t('streamSafety.termDuplicate'));
    setTermError(null);
    set('blockedTerms', [...form.blockedTerms, term]);
    setNewTerm('');
  }

  function handleTermKey(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key !== 'Enter') return;
    event.preventDefault();
    addTerm();
  }

  async function handleSubmit(event: FormEvent) {
    event.preventDefault();
    if (!form) return;
    setStatus({});
    const maxMessageLength = Number(form.maxMessageLength);
    if (
      form.maxMessageLength.trim() === '' ||
      !Number.isInteger(maxMessageLength) ||
      maxMessageLength < 0 ||
      maxMessageLength > LIMITS.messageMaxLength
    ) {
      setStatus({ error: t('streamSafety.maxLengthError', { max: LIMITS.messageMaxLength }) });
      return;
    }
    try {
      const saved = await save.mutateAsync({
        blockedTerms: form.blockedTerms,
        builtinEnabled: form.builtinEnabled,
        minTipAmount: amountOf(form.minTipAmount),
        maxMessageLength,
        reviewMode: form.reviewMode,
        ...(form.reviewMode === 'auto_live_trusted'
          ? { autoLiveMinAmount: amountOf(form.autoLiveMinAmount) }
          : {}),
      });
      setForm(toForm(saved.settings));
      setStatus({ success: SAFETY_MESSAGES.settingsSaved });
    } catch (error) {
      setStatus({ error: serverMessage(error, t('streamSafety.saveFailed')) });
    }
  }

  async function handleUnblock(sender: BlockedSender) {
    setStatus({});
    try {
      const result = await unblock.mutateAsync(sender.id);
      setStatus({ success: result.message || SAFETY_MESSAGES.senderUnblocked });
    } catch (error) {
      setStatus({ error: serverMessage(error, t('streamSafety.unblockFailed')) });
    }
  }

  const blocked = safety.data?.blockedSenders ?? [];

  return (
    <Card title={t('streamSafety.title')} hint={t('streamSafety.intro')} className="cs-safety">
      {safety.isError && !form ? (
        <FormStatus error={serverMessage(safety.error, t('streamSafety.loadFailed'))} />
      ) : !form ? (
        <p className="muted">{t('page.loading')}</p>
      ) : (
        <form className="form" onSubmit={(e) => void handleSubmit(e)} noValidate>
          <div className="field">
            <label className="sf-check">
              <input
                type="checkbox"
                checked={form.builtinEnabled}
                onChange={(e) => set('builtinEnabled', e.target.checked)}
              />
              <span>{t('streamSafety.builtin')}</span>
            </label>
            <p className="muted small">{t('streamSafety.builtinHint')}</p>
          </div>

          <div className="field">
            <label htmlFor="sf-term">{t('streamSafety.termLabel')}</label>
            <div className="sf-term-row">
              <input
                id="sf-term"
                value={newTerm}
                maxLength={SAFETY_LIMITS.maxTermLength + 20}
                autoComplete="off"
                onChange={(e) => {
                  setNewTerm(e.target.value);
                  setTermError(null);
                }}
                onKeyDown={handleTermKey}
              />
              <button
                type="button"
                className="button button-secondary"
                disabled={!newTerm.trim()}
                onClick={addTerm}
              >
                {t('streamSafety.addTerm')}
              </button>
            </div>
            {termError ? (
              <p className="form-status form-status-error" role="alert">
                {termError}
              </p>
            ) : null}
            {form.blockedTerms.length === 0 ? (
              <p className="muted small">{t('streamSafety.noTerms')}</p>
            ) : (
              <ul className="sf-chips" aria-label={t('streamSafety.yourTerms')}>
                {form.blockedTerms.map((term) => (
                  <li key={term} className="sf-chip">
                    <span>{term}</span>
                    <button
                      type="button"
                      className="sf-chip-remove"
                      aria-label={t('streamSafety.removeTerm', { term })}
                      onClick={() =>
                        set(
                          'blockedTerms',
                          form.blockedTerms.filter((t) => t !== term),
                        )
                      }
                    >
                      ×
                    </button>
                  </li>
                ))}
              </ul>
            )}
          </div>

          <div className="sf-numbers">
            <div className="field">
              <label htmlFor="sf-min-tip">{t('streamSafety.minTip')}</label>
              <input
                id="sf-min-tip"
                type="number"
                inputMode="decimal"
                min={LIMITS.tipMinRupees}
                step="0.01"
                value={form.minTipAmount}
                onChange={(e) => set('minTipAmount', e.target.value)}
              />
            </div>
            <div className="field">
              <label htmlFor="sf-max-length">{t('streamSafety.maxLength')}</label>
              <input
                id="sf-max-length"
                type="number"
                inputMode="numeric"
                min={0}
                max={LIMITS.messageMaxLength}
                step="1"
                value={form.maxMessageLength}
                onChange={(e) => set('maxMessageLength', e.target.value)}
              />
            </div>
          </div>

          <fieldset className="sf-review">
            <legend>{t('streamSafety.reviewLegend')}</legend>
            <label className="sf-check">
              <input
                type="radio"
                name="sf-review"
                value="queue_all"
                checked={form.reviewMode === 'queue_all'}
                onChange={() => set('reviewMode', 'queue_all')}
              />
              <span>{t('streamSafety.queueAll')}</span>
            </label>
            <label className="sf-check">
              <input
                type="radio"
                name="sf-review"
                value="auto_live_trusted"
                checked={form.reviewMode === 'auto_live_trusted'}
                onChange={() => set('reviewMode', 'auto_live_trusted')}
              />
              <span>{t('streamSafety.autoLive')}</span>
            </label>
            {form.reviewMode === 'auto_live_trusted' ? (
              <div className="field">
                <label htmlFor="sf-auto-live">{t('streamSafety.autoLiveAmount')}</label>
                <input
                  id="sf-auto-live"
                  type="number"
                  inputMode="decimal"
                  min={0}
                  step="0.01"
                  value={form.autoLiveMinAmount}
                  onChange={(e) => set('autoLiveMinAmount', e.target.value)}
                />
                <p className="muted small">{t('streamSafety.autoLiveHint')}</p>
              </div>
            ) : null}
          </fieldset>

          <button type="submit" className="button button-primary" disabled={save.isPending}>
            {t('streamSafety.save')}
          </button>
        </form>
      )}

      <h3 className="sf-subtitle">{t('streamSafety.blockedTitle')}</h3>
      {blocked.length === 0 ? (
        <p className="muted small">{t('streamSafety.noBlocked')}</p>
      ) : (
        <ul className="sf-blocked" aria-label={t('streamSafety.blockedTitle')}>
          {blocked.map((sender) => (
            <li key={sender.id} className="sf-blocked-row">
              <span>
                <strong>{senderLabel(sender)}</strong>
                {sender.name && sender.phone ? <span className="muted small"> · {sender.phone}</span> : null}
              </span>
              <button
                type="button"
                className="button button-ghost button-small"
                aria-label={t('streamSafety.unblockSender', { name: senderLabel(sender) })}
                disabled={unblock.isPending}
                onClick={() => void handleUnblock(sender)}
              >
                {t('streamSafety.unblock')}
              </button>
            </li>
          ))}
        </ul>
      )}
      <FormStatus error={status.error} success={status.success} />
    </Card>
  );
}
