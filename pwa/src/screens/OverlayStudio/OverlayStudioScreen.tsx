import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { OVERLAY_DEFAULTS } from '@shabaash/shared';
import { useAuth } from '../../hooks/useAuth.ts';
import { overlayLink, useCreatorOverlay } from '../../hooks/useCreatorOverlay.ts';
import { Card } from '../../components/Card.tsx';
import { CopyLinkRow } from '../../components/CopyLinkRow.tsx';
import { FormStatus } from '../../components/FormStatus.tsx';
import { TestAlertButton } from '../../components/TestAlertButton.tsx';
import { ShowEditor } from './ShowEditor.tsx';
import { WidgetSettings } from './WidgetSettings.tsx';
import { TimerSettings } from './TimerSettings.tsx';
import { useT } from '../../i18n/i18n.tsx';
import './overlayStudio.css';

/**
 * /overlay (the Overlay Studio). With display=1 the bare overlay entry takes over (the server rewrites that
 * URL to overlay.html; inside the SPA we hand over to it). The key comes from ?key= or the signed-in creator.
 */
export function OverlayStudioScreen() {
  const [params] = useSearchParams();
  const { isCreator } = useAuth();
  const keyFromUrl = params.get('key');
  const overlay = useCreatorOverlay(!keyFromUrl && isCreator);
  const overlayKey = keyFromUrl ?? overlay.data?.overlayKey ?? null;
  const { t } = useT();
  const [testStatus, setTestStatus] = useState<{ error?: string; success?: string }>({});
  const isDisplay = params.get('display') === '1';

  useEffect(() => {
    if (isDisplay) window.location.replace(`/overlay.html?${params.toString()}`);
  }, [isDisplay, params]);

  if (isDisplay) return null;

  const origin = window.location.origin;
  // One link for everything: Copy Link, Open Standalone Overlay and the preview all show the bare overlay.
  const link = overlayKey ? overlayLink(origin, overlayKey) : null;

  return (
    <div className="page container overlay-studio">
      <header className="page-header">
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
              <CopyLinkRow
                link={link}
                fieldLabel={t('studio.link.title')}
                copyLabel={t('studio.link.copy')}
                copiedLabel={t('studio.link.copied')}
              />
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
      {isCreator && overlay.data && !keyFromUrl ? <TimerSettings /> : null}
    </div>
  );
}
