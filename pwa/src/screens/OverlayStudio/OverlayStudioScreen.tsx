import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { LIMITS, OVERLAY_DEFAULTS } from '@shabaash/shared';
import { useAuth } from '../../auth/useAuth.ts';
import { overlayLink, useCreatorOverlay } from '../../hooks/useCreatorOverlay.ts';
import { copyText } from '../../lib/clipboard.ts';
import { Card } from '../../components/Card.tsx';
import { FormStatus } from '../../components/FormStatus.tsx';
import { TestAlertButton } from '../../components/TestAlertButton.tsx';
import { ShowEditor } from './ShowEditor.tsx';
import { WidgetSettings } from './WidgetSettings.tsx';
import { useT } from '../../i18n/i18n.tsx';
import './overlayStudio.css';

export const COPY_CONFIRM_MS = LIMITS.copyConfirmMs;

/**
 * /overlay (SPEC §2 Overlay Studio). With display=1 the bare overlay entry takes over (the server rewrites that
 * URL to overlay.html; inside the SPA we hand over to it). The key comes from ?key= or the signed-in creator.
 */
export function OverlayStudioScreen() {
  const [params] = useSearchParams();
  const { isCreator } = useAuth();
  const keyFromUrl = params.get('key');
  const overlay = useCreatorOverlay(!keyFromUrl && isCreator);
  const overlayKey = keyFromUrl ?? overlay.data?.overlayKey ?? null;
  const [copied, setCopied] = useState(false);
  const { t } = useT();
  const [copyError, setCopyError] = useState<string | null>(null);
  const [testStatus, setTestStatus] = useState<{ error?: string; success?: string }>({});
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const isDisplay = params.get('display') === '1';

  useEffect(() => {
    if (isDisplay) window.location.replace(`/overlay.html?${params.toString()}`);
  }, [isDisplay, params]);

  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );

  if (isDisplay) return null;

  const origin = window.location.origin;
  // One link for everything: Copy Link, Open Standalone Overlay and the preview all show the bare overlay.
  const link = overlayKey ? overlayLink(origin, overlayKey) : null;

  async function handleCopy() {
    if (!link) return;
    const result = await copyText(link);
    if (!result.ok) {
      setCopyError(result.message);
      return;
    }
    setCopyError(null);
    setCopied(true);
    if (timer.current) clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      timer.current = null;
      setCopied(false);
    }, COPY_CONFIRM_MS);
  }

  return (
    <div className="page container overlay-studio">
      <header className="os-header">
        <h1 className="page-title">{t('studio.title')}</h1>
        {link ? (
          <a className="button button-primary" href={link} target="_blank" rel="noopener noreferrer">
            {t('studio.openStandalone')}
          </a>
        ) : null}
      </header>

      <div className="os-grid">
        <Card title={t('studio.setup.title')}>
          <ol className="os-checklist">
            <li>{t('studio.setup.link')}</li>
            <li>{t('studio.setup.resolution', { resolution: OVERLAY_DEFAULTS.recommendedResolution })}</li>
            <li>{t('studio.setup.keepOpen')}</li>
            <li>{t('studio.setup.tweak')}</li>
          </ol>

          <h3 className="os-subtitle">{t('studio.link.title')}</h3>
          {link ? (
            <>
              <div className="os-link-row">
                <input
                  className="os-link"
                  readOnly
                  value={link}
                  aria-label={t('studio.link.title')}
                  onFocus={(e) => e.target.select()}
                />
                <button type="button" className="button button-secondary" onClick={() => void handleCopy()}>
                  {copied ? t('studio.link.copied') : t('studio.link.copy')}
                </button>
              </div>
              {copyError ? (
                <p className="form-status form-status-error" role="alert">
                  {copyError}
                </p>
              ) : null}
              {overlay.data && !keyFromUrl ? (
                <div className="os-test">
                  <TestAlertButton
                    onOutcome={(kind, text) =>
                      setTestStatus(kind === 'error' ? { error: text } : { success: text })
                    }
                  />
                  <FormStatus error={testStatus.error} success={testStatus.success} />
                </div>
              ) : null}
            </>
          ) : overlay.isFetching ? (
            <p className="muted">{t('page.loading')}</p>
          ) : (
            <p className="muted">{t('studio.link.none')}</p>
          )}
        </Card>

        <Card title={t('studio.preview.title')}>
          <div className="os-preview" style={{ height: OVERLAY_DEFAULTS.previewHeightPx }}>
            {link ? (
              <iframe title={t('studio.preview.frame')} src={link} className="os-frame" />
            ) : (
              <p className="os-preview-empty">{t('studio.preview.waiting')}</p>
            )}
          </div>
        </Card>
        {overlay.data && !keyFromUrl ? <ShowEditor looks={overlay.data} /> : null}
      </div>
      <WidgetSettings />
    </div>
  );
}
