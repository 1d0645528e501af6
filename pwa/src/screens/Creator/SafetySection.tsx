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
import { FormStatus } from '../../components/FormStatus.tsx';
import { useCreatorSafety, useSaveCreatorSafety, useUnblockSender } from '../../hooks/useCreatorSafety.ts';
import './safety.css';

export const SAFETY_TEXT = {
  title: 'Stream safety',
  intro:
    'Messages are checked before anyone pays, so a blocked message is never charged and never reaches your stream.',
  builtin: 'Use the built-in Hindi and English filter',
  builtinHint: 'Covers common abuse in English, Hindi and Hinglish, in Latin and Devanagari script.',
  termLabel: 'Blocked words and phrases',
  addTerm: 'Add',
  noTerms: 'No words of your own yet.',
  termDuplicate: 'That word is already on your list.',
  termTooLong: `Blocked words can be at most ${SAFETY_LIMITS.maxTermLength} characters.`,
  minTip: 'Minimum superchat (₹)',
  maxLength: 'Maximum message length (characters)',
  maxLengthError: `Maximum message length must be a whole number from 0 to ${LIMITS.messageMaxLength}.`,
  reviewLegend: 'Review mode',
  queueAll: 'Queue every message for me to review',
  autoLive: 'Go live at once for trusted senders',
  autoLiveHint: 'Trusted: senders whose superchat you have pushed live before, at or above this amount.',
  autoLiveAmount: 'Trusted sender minimum (₹)',
  blockedTitle: 'Blocked senders',
  noBlocked: 'Nobody is blocked.',
  unblock: 'Unblock',
  save: 'Save safety settings',
  saveFailed: 'Unable to save safety settings. Please try again.',
  loadFailed: 'Unable to load safety settings. Please try again.',
  unblockFailed: 'Unable to unblock this sender. Please try again.',
} as const;

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
  return sender.name ?? sender.phone ?? 'Unknown sender';
}

/** The "Stream safety" card of /creator: blocked words, minimum tip, message length, review mode, blocked senders. */
export function SafetySection() {
  const safety = useCreatorSafety();
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
    if (term.length > SAFETY_LIMITS.maxTermLength) return setTermError(SAFETY_TEXT.termTooLong);
    if (form.blockedTerms.some((t) => t.toLowerCase() === term.toLowerCase()))
      return setTermError(SAFETY_TEXT.termDuplicate);
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
      setStatus({ error: SAFETY_TEXT.maxLengthError });
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
      setStatus({ error: serverMessage(error, SAFETY_TEXT.saveFailed) });
    }
  }

  async function handleUnblock(sender: BlockedSender) {
    setStatus({});
    try {
      const result = await unblock.mutateAsync(sender.id);
      setStatus({ success: result.message || SAFETY_MESSAGES.senderUnblocked });
    } catch (error) {
      setStatus({ error: serverMessage(error, SAFETY_TEXT.unblockFailed) });
    }
  }

  const blocked = safety.data?.blockedSenders ?? [];

  return (
    <section className="card cs-safety" aria-labelledby="cs-safety-title">
      <h2 className="card-title" id="cs-safety-title">
        {SAFETY_TEXT.title}
      </h2>
      <p className="muted small">{SAFETY_TEXT.intro}</p>
      {safety.isError && !form ? (
        <FormStatus error={serverMessage(safety.error, SAFETY_TEXT.loadFailed)} />
      ) : !form ? (
        <p className="muted">Loading...</p>
      ) : (
        <form className="form" onSubmit={(e) => void handleSubmit(e)} noValidate>
          <div className="field">
            <label className="sf-check">
              <input
                type="checkbox"
                checked={form.builtinEnabled}
                onChange={(e) => set('builtinEnabled', e.target.checked)}
              />
              <span>{SAFETY_TEXT.builtin}</span>
            </label>
            <p className="muted small">{SAFETY_TEXT.builtinHint}</p>
          </div>

          <div className="field">
            <label htmlFor="sf-term">{SAFETY_TEXT.termLabel}</label>
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
                {SAFETY_TEXT.addTerm}
              </button>
            </div>
            {termError ? (
              <p className="form-status form-status-error" role="alert">
                {termError}
              </p>
            ) : null}
            {form.blockedTerms.length === 0 ? (
              <p className="muted small">{SAFETY_TEXT.noTerms}</p>
            ) : (
              <ul className="sf-chips" aria-label="Your blocked words and phrases">
                {form.blockedTerms.map((term) => (
                  <li key={term} className="sf-chip">
                    <span>{term}</span>
                    <button
                      type="button"
                      className="sf-chip-remove"
                      aria-label={`Remove ${term}`}
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
              <label htmlFor="sf-min-tip">{SAFETY_TEXT.minTip}</label>
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
              <label htmlFor="sf-max-length">{SAFETY_TEXT.maxLength}</label>
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
            <legend>{SAFETY_TEXT.reviewLegend}</legend>
            <label className="sf-check">
              <input
                type="radio"
                name="sf-review"
                value="queue_all"
                checked={form.reviewMode === 'queue_all'}
                onChange={() => set('reviewMode', 'queue_all')}
              />
              <span>{SAFETY_TEXT.queueAll}</span>
            </label>
            <label className="sf-check">
              <input
                type="radio"
                name="sf-review"
                value="auto_live_trusted"
                checked={form.reviewMode === 'auto_live_trusted'}
                onChange={() => set('reviewMode', 'auto_live_trusted')}
              />
              <span>{SAFETY_TEXT.autoLive}</span>
            </label>
            {form.reviewMode === 'auto_live_trusted' ? (
              <div className="field">
                <label htmlFor="sf-auto-live">{SAFETY_TEXT.autoLiveAmount}</label>
                <input
                  id="sf-auto-live"
                  type="number"
                  inputMode="decimal"
                  min={0}
                  step="0.01"
                  value={form.autoLiveMinAmount}
                  onChange={(e) => set('autoLiveMinAmount', e.target.value)}
                />
                <p className="muted small">{SAFETY_TEXT.autoLiveHint}</p>
              </div>
            ) : null}
          </fieldset>

          <button type="submit" className="button button-primary" disabled={save.isPending}>
            {SAFETY_TEXT.save}
          </button>
        </form>
      )}

      <h3 className="sf-subtitle">{SAFETY_TEXT.blockedTitle}</h3>
      {blocked.length === 0 ? (
        <p className="muted small">{SAFETY_TEXT.noBlocked}</p>
      ) : (
        <ul className="sf-blocked" aria-label={SAFETY_TEXT.blockedTitle}>
          {blocked.map((sender) => (
            <li key={sender.id} className="sf-blocked-row">
              <span>
                <strong>{senderLabel(sender)}</strong>
                {sender.name && sender.phone ? <span className="muted small"> · {sender.phone}</span> : null}
              </span>
              <button
                type="button"
                className="button button-ghost button-small"
                aria-label={`${SAFETY_TEXT.unblock} ${senderLabel(sender)}`}
                disabled={unblock.isPending}
                onClick={() => void handleUnblock(sender)}
              >
                {SAFETY_TEXT.unblock}
              </button>
            </li>
          ))}
        </ul>
      )}
      <FormStatus error={status.error} success={status.success} />
    </section>
  );
}
