import { useEffect, useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { MESSAGES, OVERLAY_DEFAULTS, type OverlaySettings, type Tip } from '@shabaash/shared';
import { serverMessage } from '../../api/client.ts';
import { Card } from '../../components/Card.tsx';
import { Field, SelectField } from '../../components/Field.tsx';
import { FormStatus } from '../../components/FormStatus.tsx';
import { StatGrid } from '../../components/StatGrid.tsx';
import { ExternalAmount } from '../../components/ExternalMark.tsx';
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
import { ModeratorsSection } from './ModeratorsSection.tsx';
import { YouTubeSection } from './YouTubeSection.tsx';
import { translate, useT, type MessageKey } from '../../i18n/i18n.tsx';
import { count, dateTime, money, rupees } from '../../i18n/format.ts';
import './creator.css';

/** The overlay themes and sounds offered, each named by `creator.theme.<value>` / `creator.sound.<value>`. */
const NAMED_OPTIONS = {
  theme: (['classic', 'light', 'neon', 'minimal'] as const).map((value) => ({
    value,
    label: `creator.theme.${value}` as const,
  })),
  sound: (['default', 'chime', 'coin', 'none'] as const).map((value) => ({
    value,
    label: `creator.sound.${value}` as const,
  })),
} satisfies Record<string, ReadonlyArray<{ value: string; label: MessageKey }>>;
/** The fonts the overlay self-hosts (pwa/src/overlay/fontFaces.ts), in the Studio's order. */
const FONTS = Object.keys(OVERLAY_FONTS).map((font) => ({ value: font, label: font }));

/** A select's options: the known ones, plus the saved value when it is none of them. */
function withSaved(options: Array<{ value: string; label: string }>, saved: string) {
  return options.some((option) => option.value === saved)
    ? options
    : [...options, { value: saved, label: saved }];
}

/** The theme or sound select (`creator.settings.<kind>`), keeping a saved value that is none of the offered ones. */
function NamedSelect({
  kind,
  value,
  onChange,
}: {
  kind: keyof typeof NAMED_OPTIONS;
  value: string;
  onChange(value: string): void;
}) {
  const { t } = useT();
  const options = NAMED_OPTIONS[kind].map((option) => ({ value: option.value, label: t(option.label) }));
  return (
    <SelectField
      id={`cs-${kind}`}
      label={t(`creator.settings.${kind}`)}
      value={value}
      options={withSaved(options, value)}
      onChange={onChange}
    />
  );
}

function tipName(tip: Tip): string {
  return tip.name || tip.sender?.name || tip.guestName || translate('sender.anonymous');
}

function AnalyticsCards() {
  const analytics = useCreatorAnalytics();
  const { t } = useT();
  const a = analytics.data;
  const cards = [
    { label: t('creator.stat.totalEarnings'), value: a ? rupees(a.totalEarnings) : '—' },
    { label: t('creator.stat.topUps'), value: a ? count(a.totalSuccessfulTopUps) : '—' },
    { label: t('creator.stat.tipsAmount'), value: a ? rupees(a.totalTipsAmount) : '—' },
    { label: t('creator.stat.tipsCount'), value: a ? count(a.totalTipsCount) : '—' },
    // Paid on YouTube: shown apart, never added to Shabaash money (what they count for the goal, not earnings).
    ...(a && a.youtube.count > 0
      ? [
          {
            label: t('creator.stat.youtube'),
            value: t('creator.stat.youtubeValue', {
              count: count(a.youtube.count),
              amount: money(a.youtube.countedPaise),
            }),
            testId: 'stat-youtube',
          },
        ]
      : []),
  ];
  return <StatGrid label={t('creator.analytics')} stats={cards} />;
}

function OverlayLinkCard() {
  const overlay = useCreatorOverlay();
  const { t } = useT();
  const rotate = useRotateOverlayKey();
  const { exportCsv, isExporting, failed: exportFailed } = useCreatorExport();
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
    if (!window.confirm(t('creator.link.rotateConfirm'))) return;
    try {
      await rotate.mutateAsync();
      setStatus({ success: t('creator.link.rotated') });
    } catch (error) {
      setStatus({ error: serverMessage(error, t('creator.link.rotateFailed')) });
    }
  }

  return (
    <Card title={t('creator.link.title')} hint={t('creator.link.hint')}>
      {link ? (
        <input className="cs-link" readOnly value={link} aria-label={t('creator.link.title')} />
      ) : (
        <p className="muted">{t('page.loading')}</p>
      )}
      <div className="button-row cs-actions">
        <button
          type="button"
          className="button button-primary"
          disabled={!link}
          onClick={() => void handleCopy()}
        >
          {t('creator.link.copy')}
        </button>
        <Link className="button button-secondary" to="/overlay">
          {t('creator.link.studio')}
        </Link>
        <button
          type="button"
          className="button button-secondary"
          disabled={isExporting}
          onClick={() => void exportCsv()}
        >
          {isExporting ? t('creator.link.exporting') : t('creator.link.export')}
        </button>
        <button
          type="button"
          className="button button-ghost"
          disabled={!link || rotate.isPending}
          onClick={() => void handleRotate()}
        >
          {t('creator.link.rotate')}
        </button>
      </div>
      <FormStatus
        error={status.error ?? (exportFailed ? t('creator.link.exportFailed') : null)}
        success={status.success}
      />
    </Card>
  );
}

function SettingsForm() {
  const overlay = useCreatorOverlay();
  const { t } = useT();
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

  return (
    <Card title={t('creator.settings.title')}>
      <form className="form" onSubmit={(e) => void handleSubmit(e)} noValidate>
        {/* Disabled until the saved settings arrive, so nothing typed early is overwritten by the load. */}
        <fieldset className="cs-fieldset" disabled={!data}>
          <NamedSelect kind="theme" value={form.overlayTheme} onChange={(v) => set('overlayTheme', v)} />
          <SelectField
            id="cs-font"
            label={t('creator.settings.font')}
            value={form.font}
            options={withSaved(FONTS, form.font)}
            onChange={(font) => set('font', font)}
          />
          <Field id="cs-color" label={t('creator.settings.color')}>
            <div className="cs-color-row">
              <input
                id="cs-color"
                type="color"
                value={/^#[0-9a-f]{6}$/i.test(form.color) ? form.color : OVERLAY_DEFAULTS.color}
                onChange={(e) => set('color', e.target.value)}
              />
              <input
                aria-label={t('creator.settings.colorHex')}
                className="cs-hex"
                value={form.color}
                maxLength={7}
                onChange={(e) => set('color', e.target.value.trim())}
              />
            </div>
          </Field>
          <NamedSelect kind="sound" value={form.sound} onChange={(v) => set('sound', v)} />
        </fieldset>
        <button type="submit" className="button button-primary" disabled={save.isPending || !data}>
          {t('creator.settings.save')}
        </button>
        <FormStatus error={status.error} success={status.success} />
      </form>
    </Card>
  );
}

function RecentSupport() {
  const recent = useCreatorRecentTips();
  const { t } = useT();
  const tips = recent.data ?? [];
  return (
    <Card title={t('creator.recent.title')}>
      {recent.isPending ? (
        <p className="muted">{t('page.loading')}</p>
      ) : tips.length === 0 ? (
        <p className="muted">{t('msg.noCreatorTips')}</p>
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
                  <span className="cs-recent-amount">
                    {tip.external ? <ExternalAmount external={tip.external} /> : rupees(tip.amount)}
                  </span>
                </p>
                {tip.message ? <p className="cs-recent-message">{tip.message}</p> : null}
                <p className="muted small">{dateTime(tip.createdAt)}</p>
              </div>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}

/**
 * /creator: analytics cards, overlay link (copy, export, rotate), settings, Connect YouTube,
 * recent support.
 */
export function CreatorScreen() {
  const { t } = useT();
  return (
    <div className="page container creator-suite">
      <header className="page-header">
        <h1 className="page-title">{t('creator.title')}</h1>
        <Link className="button button-primary" to="/creator/chat-control">
          {t('creator.openChatLoader')}
        </Link>
        <Link className="button button-secondary" to="/creator/payouts">
          {t('creator.payouts')}
        </Link>
      </header>
      <AnalyticsCards />
      <div className="stack cs-grid">
        <div className="stack">
          <OverlayLinkCard />
          <SettingsForm />
          <YouTubeSection />
          <SafetySection />
          <ModeratorsSection />
          <ApiTokensSection />
          <WebhooksSection />
        </div>
        <RecentSupport />
      </div>
    </div>
  );
}
