import { useEffect, useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { formatRupees, MESSAGES, OVERLAY_DEFAULTS, type OverlaySettings, type Tip } from '@shabaash/shared';
import { serverMessage } from '../../api/client.ts';
import { FormStatus } from '../../components/FormStatus.tsx';
import { useCreatorAnalytics, useCreatorRecentTips } from '../../hooks/useCreatorAnalytics.ts';
import { useCreatorExport } from '../../hooks/useCreatorExport.ts';
import {
  overlayLink,
  useCreatorOverlay,
  useRotateOverlayKey,
  useSaveOverlaySettings,
} from '../../hooks/useCreatorOverlay.ts';
import { copyText } from '../../lib/clipboard.ts';
import { OVERLAY_FONTS } from '../../overlay/fontFaces.ts';
import { SafetySection } from './SafetySection.tsx';
import { ApiTokensSection } from './ApiTokensSection.tsx';
import { WebhooksSection } from './WebhooksSection.tsx';
import './creator.css';

export const THEMES = [
  { value: 'classic', label: 'Classic' },
  { value: 'light', label: 'Light' },
  { value: 'neon', label: 'Neon' },
  { value: 'minimal', label: 'Minimal' },
] as const;
/** The fonts the overlay self-hosts (pwa/src/overlay/fontFaces.ts), in the Studio's order. */
export const FONTS = Object.keys(OVERLAY_FONTS);
export const SOUNDS = [
  { value: 'default', label: 'Default tone' },
  { value: 'chime', label: 'Chime' },
  { value: 'coin', label: 'Coin' },
  { value: 'none', label: 'No sound' },
] as const;

export const ROTATE_CONFIRM =
  'Rotate the overlay key? Your current overlay link stops working and you will need to paste the new link into OBS.';
export const ROTATED_MESSAGE = 'Overlay key rotated. Update the browser source in OBS with the new link.';
export const ROTATE_FAILED_MESSAGE = 'Unable to rotate the overlay key. Please try again.';

const dateTime = new Intl.DateTimeFormat('en-IN', { dateStyle: 'medium', timeStyle: 'short' });

function tipName(tip: Tip): string {
  return tip.name || tip.sender?.name || tip.guestName || 'Anonymous';
}

function AnalyticsCards() {
  const analytics = useCreatorAnalytics();
  const a = analytics.data;
  const cards = [
    { label: 'Total earnings', value: a ? formatRupees(a.totalEarnings) : '—' },
    { label: 'Successful top-ups', value: a ? a.totalSuccessfulTopUps.toLocaleString('en-IN') : '—' },
    { label: 'Tips amount', value: a ? formatRupees(a.totalTipsAmount) : '—' },
    { label: 'Tips received', value: a ? a.totalTipsCount.toLocaleString('en-IN') : '—' },
  ];
  return (
    <section aria-label="Analytics" className="cs-analytics">
      {cards.map((card) => (
        <div className="card cs-stat" key={card.label}>
          <p className="muted small">{card.label}</p>
          <p className="cs-stat-value">{card.value}</p>
        </div>
      ))}
    </section>
  );
}

function OverlayLinkCard() {
  const overlay = useCreatorOverlay();
  const rotate = useRotateOverlayKey();
  const { exportCsv, isExporting, error: exportError } = useCreatorExport();
  const [status, setStatus] = useState<{ error?: string; success?: string }>({});
  const link = overlay.data ? overlayLink(window.location.origin, overlay.data.overlayKey) : null;

  async function handleCopy() {
    if (!link) return;
    const result = await copyText(link);
    setStatus(
      result.ok ? { success: MESSAGES.overlayLinkCopied } : { error: MESSAGES.overlayLinkCopyFailed },
    );
  }

  async function handleRotate() {
    if (!window.confirm(ROTATE_CONFIRM)) return;
    try {
      await rotate.mutateAsync();
      setStatus({ success: ROTATED_MESSAGE });
    } catch (error) {
      setStatus({ error: serverMessage(error, ROTATE_FAILED_MESSAGE) });
    }
  }

  return (
    <section className="card" aria-labelledby="cs-link-title">
      <h2 className="card-title" id="cs-link-title">
        Overlay link
      </h2>
      <p className="muted small">
        Paste this link into OBS as a browser source. Anyone holding it can view your overlay.
      </p>
      {link ? (
        <input className="cs-link" readOnly value={link} aria-label="Overlay link" />
      ) : (
        <p className="muted">Loading...</p>
      )}
      <div className="button-row cs-actions">
        <button
          type="button"
          className="button button-primary"
          disabled={!link}
          onClick={() => void handleCopy()}
        >
          Copy overlay link
        </button>
        <Link className="button button-secondary" to="/overlay">
          Open Overlay Studio
        </Link>
        <button
          type="button"
          className="button button-secondary"
          disabled={isExporting}
          onClick={() => void exportCsv()}
        >
          {isExporting ? 'Exporting…' : 'Export CSV'}
        </button>
        <button
          type="button"
          className="button button-ghost"
          disabled={!link || rotate.isPending}
          onClick={() => void handleRotate()}
        >
          Rotate overlay key
        </button>
      </div>
      <FormStatus error={status.error ?? exportError} success={status.success} />
    </section>
  );
}

function SettingsForm() {
  const overlay = useCreatorOverlay();
  const save = useSaveOverlaySettings();
  const [form, setForm] = useState<OverlaySettings>({
    overlayTheme: OVERLAY_DEFAULTS.overlayTheme,
    font: OVERLAY_DEFAULTS.font,
    color: OVERLAY_DEFAULTS.color,
    sound: OVERLAY_DEFAULTS.sound,
  });
  const [loadedFrom, setLoadedFrom] = useState<string | null>(null);
  const [status, setStatus] = useState<{ error?: string; success?: string }>({});

  // Fill the form once from the server's settings (later cache updates do not clobber what is being edited).
  const data = overlay.data;
  useEffect(() => {
    if (!data || loadedFrom === data.overlayKey) return;
    setLoadedFrom(data.overlayKey);
    setForm({ overlayTheme: data.overlayTheme, font: data.font, color: data.color, sound: data.sound });
  }, [data, loadedFrom]);

  async function handleSubmit(event: FormEvent) {
    event.preventDefault();
    setStatus({});
    try {
      await save.mutateAsync(form);
      setStatus({ success: MESSAGES.settingsSaved });
    } catch (error) {
      setStatus({ error: serverMessage(error, MESSAGES.settingsSaveFailed) });
    }
  }

  const set = <K extends keyof OverlaySettings>(key: K, value: OverlaySettings[K]) =>
    setForm((f) => ({ ...f, [key]: value }));
  const fonts: string[] = FONTS.includes(form.font) ? [...FONTS] : [...FONTS, form.font];
  const themes: Array<{ value: string; label: string }> = THEMES.some((t) => t.value === form.overlayTheme)
    ? [...THEMES]
    : [...THEMES, { value: form.overlayTheme, label: form.overlayTheme }];
  const sounds: Array<{ value: string; label: string }> = SOUNDS.some((s) => s.value === form.sound)
    ? [...SOUNDS]
    : [...SOUNDS, { value: form.sound, label: form.sound }];

  return (
    <section className="card" aria-labelledby="cs-settings-title">
      <h2 className="card-title" id="cs-settings-title">
        Overlay settings
      </h2>
      <form className="form" onSubmit={(e) => void handleSubmit(e)} noValidate>
        {/* Disabled until the saved settings arrive, so nothing typed early is overwritten by the load. */}
        <fieldset className="cs-fieldset" disabled={!data}>
          <div className="field">
            <label htmlFor="cs-theme">Theme</label>
            <select
              id="cs-theme"
              value={form.overlayTheme}
              onChange={(e) => set('overlayTheme', e.target.value)}
            >
              {themes.map((t) => (
                <option key={t.value} value={t.value}>
                  {t.label}
                </option>
              ))}
            </select>
          </div>
          <div className="field">
            <label htmlFor="cs-font">Font</label>
            <select id="cs-font" value={form.font} onChange={(e) => set('font', e.target.value)}>
              {fonts.map((f) => (
                <option key={f} value={f}>
                  {f}
                </option>
              ))}
            </select>
          </div>
          <div className="field">
            <label htmlFor="cs-color">Accent colour</label>
            <div className="cs-color-row">
              <input
                id="cs-color"
                type="color"
                value={/^#[0-9a-f]{6}$/i.test(form.color) ? form.color : OVERLAY_DEFAULTS.color}
                onChange={(e) => set('color', e.target.value)}
              />
              <input
                aria-label="Accent colour hex"
                className="cs-hex"
                value={form.color}
                maxLength={7}
                onChange={(e) => set('color', e.target.value.trim())}
              />
            </div>
          </div>
          <div className="field">
            <label htmlFor="cs-sound">Sound</label>
            <select id="cs-sound" value={form.sound} onChange={(e) => set('sound', e.target.value)}>
              {sounds.map((s) => (
                <option key={s.value} value={s.value}>
                  {s.label}
                </option>
              ))}
            </select>
          </div>
        </fieldset>
        <button type="submit" className="button button-primary" disabled={save.isPending || !data}>
          Save settings
        </button>
        <FormStatus error={status.error} success={status.success} />
      </form>
    </section>
  );
}

function RecentSupport() {
  const recent = useCreatorRecentTips();
  const tips = recent.data ?? [];
  return (
    <section className="card" aria-labelledby="cs-recent-title">
      <h2 className="card-title" id="cs-recent-title">
        Recent support
      </h2>
      {recent.isPending ? (
        <p className="muted">Loading...</p>
      ) : tips.length === 0 ? (
        <p className="muted">{MESSAGES.noCreatorTips}</p>
      ) : (
        <ul className="cs-recent">
          {tips.map((tip) => (
            <li key={tip.id} className="cs-recent-row">
              <span className="avatar avatar-initial" aria-hidden="true">
                {(tipName(tip).trim()[0] ?? 'U').toUpperCase()}
              </span>
              <div className="cs-recent-main">
                <p className="cs-recent-head">
                  <strong>{tipName(tip)}</strong>
                  <span className="cs-recent-amount">{formatRupees(tip.amount)}</span>
                </p>
                {tip.message ? <p className="cs-recent-message">{tip.message}</p> : null}
                <p className="muted small">{dateTime.format(new Date(tip.createdAt))}</p>
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** /creator (SPEC §2 Creator suite): analytics cards, overlay link (copy, export, rotate), settings, recent support. */
export function CreatorScreen() {
  return (
    <div className="page container creator-suite">
      <header className="cs-header">
        <h1 className="page-title">Creator Suite</h1>
        <Link className="button button-primary" to="/creator/chat-control">
          Open Chat Loader
        </Link>
        <Link className="button button-secondary" to="/creator/payouts">
          Payouts
        </Link>
      </header>
      <AnalyticsCards />
      <div className="cs-grid">
        <div className="cs-col">
          <OverlayLinkCard />
          <SettingsForm />
          <SafetySection />
          <ApiTokensSection />
          <WebhooksSection />
        </div>
        <RecentSupport />
      </div>
    </div>
  );
}
