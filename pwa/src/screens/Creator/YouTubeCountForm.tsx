import { useEffect, useRef, useState, type FormEvent } from 'react';
import { youtubeSettingsSchema, type YouTubeSettings } from '@shabaash/shared';
import { serverMessage } from '../../api/client.ts';
import { FormStatus } from '../../components/FormStatus.tsx';
import { useSaveYouTubeSettings } from '../../hooks/useYouTube.ts';
import { useT, type MessageKey } from '../../i18n/i18n.tsx';

/** One rate row as typed: a currency code and the rupees for one unit of it. */
interface RateRow {
  key: number;
  currency: string;
  rate: string;
}

/** Why a row cannot be saved, per field (catalogue keys, the row's currency as the value). */
interface RowErrors {
  currency?: MessageKey;
  rate?: MessageKey;
}

const COUNT_MODES = [
  { mode: 'inrOnly', label: 'youtube.count.inrOnly' },
  { mode: 'convert', label: 'youtube.count.convert' },
] as const satisfies ReadonlyArray<{ mode: YouTubeSettings['countMode']; label: MessageKey }>;

const codeOf = (row: RateRow) => row.currency.trim().toUpperCase();

/** Row keys: unique for the page's life, so React keeps each row's inputs (and focus) across adds and removes. */
let lastRowKey = 0;
const newRow = (currency = '', rate = ''): RateRow => ({ key: ++lastRowKey, currency, rate });
const toRows = (rates: YouTubeSettings['rates']) =>
  Object.entries(rates).map(([currency, rate]) => newRow(currency, String(rate)));

/**
 * The settings the rows say, checked by the shared schema (a code of three capital letters, a rate above 0 and up to
 * 1,00,000), plus what a record cannot say: a currency twice, or INR (rupees always count as they are).
 */
export function validateRates(
  countMode: YouTubeSettings['countMode'],
  rows: readonly RateRow[],
): { settings: YouTubeSettings | null; errors: Map<number, RowErrors> } {
  const errors = new Map<number, RowErrors>();
  const add = (key: number, field: keyof RowErrors, message: MessageKey) =>
    errors.set(key, { ...errors.get(key), [field]: errors.get(key)?.[field] ?? message });
  const byCode = new Map<string, RateRow>();
  for (const row of rows) {
    const code = codeOf(row);
    if (code === 'INR') add(row.key, 'currency', 'youtube.count.error.inr');
    else if (byCode.has(code)) add(row.key, 'currency', 'youtube.count.error.duplicate');
    else byCode.set(code, row);
  }
  const rates = Object.fromEntries(
    [...byCode].map(([code, row]) => [code, row.rate.trim() === '' ? Number.NaN : Number(row.rate)]),
  );
  const parsed = youtubeSettingsSchema.safeParse({ countMode, rates });
  for (const issue of parsed.error?.issues ?? []) {
    const row = issue.path[0] === 'rates' ? byCode.get(String(issue.path[1])) : undefined;
    if (!row) continue;
    if (issue.code === 'invalid_key') add(row.key, 'currency', 'youtube.count.error.currency');
    else add(row.key, 'rate', 'youtube.count.error.rate');
  }
  return { settings: parsed.success && errors.size === 0 ? parsed.data : null, errors };
}

/**
 * How Super Chats and Super Stickers count towards the goal, the subathon timer and tiers: only those paid in
 * rupees, or other currencies too at the creator's rates (one row per currency; add and remove).
 */
export function YouTubeCountForm({ saved }: { saved: YouTubeSettings }) {
  const { t } = useT();
  const save = useSaveYouTubeSettings();
  const [countMode, setCountMode] = useState(saved.countMode);
  const [rows, setRows] = useState<RateRow[]>(() => toRows(saved.rates));
  const [errors, setErrors] = useState<Map<number, RowErrors>>(new Map());
  const [status, setStatus] = useState<{ error?: string; success?: string }>({});

  // The form shows the newest saved settings (this form's answer, or a save from another device).
  const savedJson = JSON.stringify(saved);
  const loaded = useRef(savedJson);
  useEffect(() => {
    if (loaded.current === savedJson) return;
    loaded.current = savedJson;
    setCountMode(saved.countMode);
    setRows(toRows(saved.rates));
  }, [saved, savedJson]);

  const setRow = (key: number, change: Partial<RateRow>) =>
    setRows((current) => current.map((row) => (row.key === key ? { ...row, ...change } : row)));
  const addRow = () => setRows((current) => [...current, newRow()]);
  const removeRow = (key: number) => setRows((current) => current.filter((row) => row.key !== key));

  function handleSubmit(event: FormEvent) {
    event.preventDefault();
    setStatus({});
    // Under "rupees only" the rows are hidden: the saved rates stay as they were for the next switch.
    const checked =
      countMode === 'convert'
        ? validateRates(countMode, rows)
        : { settings: { countMode, rates: saved.rates }, errors: new Map<number, RowErrors>() };
    setErrors(checked.errors);
    if (!checked.settings) {
      setStatus({ error: t('youtube.count.fix') });
      return;
    }
    save.mutate(checked.settings, {
      onSuccess: () => setStatus({ success: t('youtube.count.saved') }),
      onError: (caught) => setStatus({ error: serverMessage(caught, t('youtube.count.saveFailed')) }),
    });
  }

  return (
    <form className="form yt-count" onSubmit={handleSubmit} noValidate>
      <fieldset className="yt-modes">
        <legend>{t('youtube.count.title')}</legend>
        <p className="muted small">{t('youtube.count.hint')}</p>
        {COUNT_MODES.map(({ mode, label }) => (
          <label key={mode} className="yt-check">
            <input
              type="radio"
              name="yt-count-mode"
              value={mode}
              checked={countMode === mode}
              onChange={() => setCountMode(mode)}
            />
            <span>{t(label)}</span>
          </label>
        ))}
      </fieldset>
      {countMode === 'convert' ? (
        <fieldset className="yt-rates">
          <legend>{t('youtube.count.rates')}</legend>
          <p className="muted small">{t('youtube.count.ratesHint')}</p>
          <ul className="yt-rate-list">
            {rows.map((row, index) => (
              <RateRowFields
                key={row.key}
                row={row}
                index={index}
                errors={errors.get(row.key)}
                onChange={(change) => setRow(row.key, change)}
                onRemove={() => removeRow(row.key)}
              />
            ))}
          </ul>
          <button type="button" className="button button-secondary" onClick={addRow}>
            {t('youtube.count.add')}
          </button>
        </fieldset>
      ) : null}
      <button type="submit" className="button button-primary" disabled={save.isPending}>
        {save.isPending ? t('youtube.count.saving') : t('youtube.count.save')}
      </button>
      <FormStatus error={status.error} success={status.success} />
    </form>
  );
}

/** One currency and its rate, each labelled (for screen readers: "Currency 1", "Rupees for 1 USD"), with Remove. */
function RateRowFields({
  row,
  index,
  errors,
  onChange,
  onRemove,
}: {
  row: RateRow;
  index: number;
  errors: RowErrors | undefined;
  onChange(change: Partial<RateRow>): void;
  onRemove(): void;
}) {
  const { t } = useT();
  const code = codeOf(row) || t('youtube.count.currencyShort');
  const ids = { currency: `yt-currency-${row.key}`, rate: `yt-rate-${row.key}` };
  return (
    <li className="yt-rate-row" data-testid="rate-row">
      <div className="field yt-currency">
        <label htmlFor={ids.currency}>{t('youtube.count.currency', { n: index + 1 })}</label>
        <input
          id={ids.currency}
          value={row.currency}
          maxLength={3}
          autoCapitalize="characters"
          autoComplete="off"
          placeholder="USD"
          aria-invalid={errors?.currency ? true : undefined}
          aria-describedby={errors?.currency ? `${ids.currency}-error` : undefined}
          onChange={(e) => onChange({ currency: e.target.value.toUpperCase() })}
        />
      </div>
      <div className="field yt-rate">
        <label htmlFor={ids.rate}>{t('youtube.count.rate', { currency: code })}</label>
        <input
          id={ids.rate}
          value={row.rate}
          inputMode="decimal"
          autoComplete="off"
          placeholder="84.50"
          aria-invalid={errors?.rate ? true : undefined}
          aria-describedby={errors?.rate ? `${ids.rate}-error` : undefined}
          onChange={(e) => onChange({ rate: e.target.value.trim() })}
        />
      </div>
      <button
        type="button"
        className="button button-ghost yt-remove"
        aria-label={t('youtube.count.removeName', { currency: code })}
        onClick={onRemove}
      >
        {t('youtube.count.remove')}
      </button>
      {errors?.currency ? (
        <p className="form-status form-status-error yt-row-error" id={`${ids.currency}-error`}>
          {t(errors.currency, { currency: codeOf(row) })}
        </p>
      ) : null}
      {errors?.rate ? (
        <p className="form-status form-status-error yt-row-error" id={`${ids.rate}-error`}>
          {t(errors.rate, { currency: code })}
        </p>
      ) : null}
    </li>
  );
}
