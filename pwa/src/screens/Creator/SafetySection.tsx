import { useState, type FormEvent, type KeyboardEvent } from 'react';
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
import { TextField } from '../../components/TextField.tsx';
import { FormStatus } from '../../components/FormStatus.tsx';
import { useCreatorSafety, useSaveCreatorSafety, useUnblockSender } from '../../hooks/useCreatorSafety.ts';
import { numberOrNaN } from '../../lib/amount.ts';
import { translate, useT, type MessageKey } from '../../i18n/i18n.tsx';
import './safety.css';

/** The settings as edited: the amounts and the length as typed, checked on save. */
type FormState = Pick<SafetySettings, 'blockedTerms' | 'builtinEnabled' | 'reviewMode'> &
  Record<'minTipAmount' | 'maxMessageLength' | 'autoLiveMinAmount', string>;
type Status = { error?: string; success?: string };

const REVIEW_MODES: ReadonlyArray<{ mode: ReviewMode; label: MessageKey }> = [
  { mode: 'queue_all', label: 'streamSafety.queueAll' },
  { mode: 'auto_live_trusted', label: 'streamSafety.autoLive' },
];

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

function senderLabel(sender: BlockedSender): string {
  // A blocked guest is shown by what their payments carried, masked; never the VPA or number in clear.
  if (sender.guestLabel != null)
    return sender.guestLabel
      ? translate('streamSafety.guestPayer', { label: sender.guestLabel })
      : translate('streamSafety.guestBrowser');
  return sender.name ?? sender.phone ?? translate('streamSafety.unknownSender');
}

/** The creator's own blocked words: type one and Add (or Enter), remove one by its chip. */
function BlockedTermsField({ terms, onChange }: { terms: string[]; onChange(terms: string[]): void }) {
  const { t } = useT();
  const [newTerm, setNewTerm] = useState('');
  const [termError, setTermError] = useState<string | null>(null);

  function addTerm() {
    const term = newTerm.trim().replace(/\s+/g, ' ');
    if (!term) return;
    if (term.length > SAFETY_LIMITS.maxTermLength)
      return setTermError(t('streamSafety.termTooLong', { max: SAFETY_LIMITS.maxTermLength }));
    if (terms.some((known) => known.toLowerCase() === term.toLowerCase()))
      return setTermError(t('streamSafety.termDuplicate'));
    setTermError(null);
    onChange([...terms, term]);
    setNewTerm('');
  }

  function handleTermKey(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key !== 'Enter') return;
    event.preventDefault();
    addTerm();
  }

  return (
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
      <FormStatus error={termError} />
      {terms.length === 0 ? (
        <p className="muted small">{t('streamSafety.noTerms')}</p>
      ) : (
        <ul className="sf-chips" aria-label={t('streamSafety.yourTerms')}>
          {terms.map((term) => (
            <li key={term} className="sf-chip">
              <span>{term}</span>
              <button
                type="button"
                className="sf-chip-remove"
                aria-label={t('streamSafety.removeTerm', { term })}
                onClick={() => onChange(terms.filter((known) => known !== term))}
              >
                ×
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** Queue everything, or let trusted senders at or above an amount go live at once. */
function ReviewModeFieldset({
  form,
  set,
}: {
  form: FormState;
  set<K extends keyof FormState>(key: K, value: FormState[K]): void;
}) {
  const { t } = useT();
  return (
    <fieldset className="sf-review">
      <legend>{t('streamSafety.reviewLegend')}</legend>
      {REVIEW_MODES.map(({ mode, label }) => (
        <label key={mode} className="sf-check">
          <input
            type="radio"
            name="sf-review"
            value={mode}
            checked={form.reviewMode === mode}
            onChange={() => set('reviewMode', mode)}
          />
          <span>{t(label)}</span>
        </label>
      ))}
      {form.reviewMode === 'auto_live_trusted' ? (
        <TextField
          id="sf-auto-live"
          label={t('streamSafety.autoLiveAmount')}
          hint={t('streamSafety.autoLiveHint')}
          type="number"
          inputMode="decimal"
          min={0}
          step="0.01"
          value={form.autoLiveMinAmount}
          onChange={(e) => set('autoLiveMinAmount', e.target.value)}
        />
      ) : null}
    </fieldset>
  );
}

/** The settings form, filled once from the saved settings; the length is checked here, the rest by the server. */
function SafetyForm({ settings, onStatus }: { settings: SafetySettings; onStatus(status: Status): void }) {
  const { t } = useT();
  const save = useSaveCreatorSafety();
  // Filled once (later refetches do not clobber what is being edited).
  const [form, setForm] = useState<FormState>(() => toForm(settings));
  const set = <K extends keyof FormState>(key: K, value: FormState[K]) =>
    setForm((f) => ({ ...f, [key]: value }));

  async function handleSubmit(event: FormEvent) {
    event.preventDefault();
    onStatus({});
    const maxMessageLength = Number(form.maxMessageLength);
    if (
      form.maxMessageLength.trim() === '' ||
      !Number.isInteger(maxMessageLength) ||
      maxMessageLength < 0 ||
      maxMessageLength > LIMITS.messageMaxLength
    ) {
      onStatus({ error: t('streamSafety.maxLengthError', { max: LIMITS.messageMaxLength }) });
      return;
    }
    try {
      const saved = await save.mutateAsync({
        blockedTerms: form.blockedTerms,
        builtinEnabled: form.builtinEnabled,
        minTipAmount: numberOrNaN(form.minTipAmount),
        maxMessageLength,
        reviewMode: form.reviewMode,
        ...(form.reviewMode === 'auto_live_trusted'
          ? { autoLiveMinAmount: numberOrNaN(form.autoLiveMinAmount) }
          : {}),
      });
      setForm(toForm(saved.settings));
      onStatus({ success: SAFETY_MESSAGES.settingsSaved });
    } catch (error) {
      onStatus({ error: serverMessage(error, t('streamSafety.saveFailed')) });
    }
  }

  return (
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
      <BlockedTermsField terms={form.blockedTerms} onChange={(terms) => set('blockedTerms', terms)} />
      <div className="sf-numbers">
        <TextField
          id="sf-min-tip"
          label={t('streamSafety.minTip')}
          type="number"
          inputMode="decimal"
          min={LIMITS.tipMinRupees}
          step="0.01"
          value={form.minTipAmount}
          onChange={(e) => set('minTipAmount', e.target.value)}
        />
        <TextField
          id="sf-max-length"
          label={t('streamSafety.maxLength')}
          type="number"
          inputMode="numeric"
          min={0}
          max={LIMITS.messageMaxLength}
          step="1"
          value={form.maxMessageLength}
          onChange={(e) => set('maxMessageLength', e.target.value)}
        />
      </div>
      <ReviewModeFieldset form={form} set={set} />
      <button type="submit" className="button button-primary" disabled={save.isPending}>
        {t('streamSafety.save')}
      </button>
    </form>
  );
}

/** Senders the creator blocked from the Chat Loader, each with Unblock. */
function BlockedSenders({ senders, onStatus }: { senders: BlockedSender[]; onStatus(status: Status): void }) {
  const { t } = useT();
  const unblock = useUnblockSender();

  async function handleUnblock(sender: BlockedSender) {
    onStatus({});
    try {
      const result = await unblock.mutateAsync(sender.id);
      onStatus({ success: result.message || SAFETY_MESSAGES.senderUnblocked });
    } catch (error) {
      onStatus({ error: serverMessage(error, t('streamSafety.unblockFailed')) });
    }
  }

  return (
    <>
      <h3 className="sf-subtitle">{t('streamSafety.blockedTitle')}</h3>
      {senders.length === 0 ? (
        <p className="muted small">{t('streamSafety.noBlocked')}</p>
      ) : (
        <ul className="sf-blocked" aria-label={t('streamSafety.blockedTitle')}>
          {senders.map((sender) => (
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
    </>
  );
}

/** The "Stream safety" card of /creator: blocked words, minimum tip, message length, review mode, blocked senders. */
export function SafetySection() {
  const safety = useCreatorSafety();
  const { t } = useT();
  const [status, setStatus] = useState<Status>({});
  // The form mounts once the settings arrive and keeps its own copy from then on.
  const settings = safety.data?.settings;

  return (
    <Card title={t('streamSafety.title')} hint={t('streamSafety.intro')} className="cs-safety">
      {settings ? (
        <SafetyForm settings={settings} onStatus={setStatus} />
      ) : safety.isError ? (
        <FormStatus error={serverMessage(safety.error, t('streamSafety.loadFailed'))} />
      ) : (
        <p className="muted">{t('page.loading')}</p>
      )}
      <BlockedSenders senders={safety.data?.blockedSenders ?? []} onStatus={setStatus} />
      <FormStatus error={status.error} success={status.success} />
    </Card>
  );
}
