import { useConfig } from '../api/useConfig.ts';
import { useSandboxOtp } from '../hooks/useSandboxOtp.ts';
import { richText, useT } from '../i18n/i18n.tsx';

/** Sandbox mode only: tells the tester where the OTP comes from and shows the emulator's latest code. */
export function SandboxOtpHint({ phone10, sentCount }: { phone10: string | null; sentCount: number }) {
  const { t } = useT();
  const { data: config } = useConfig();
  const { data: code } = useSandboxOtp(phone10, sentCount);
  const latestCode: string | null = typeof code === 'string' ? code : null;
  if (!config?.sandbox || !config.firebase.emulatorUrl) return null;
  return (
    <aside className="sandbox-hint" aria-label={t('sandbox.label')}>
      <span className="badge badge-warn">{t('sandbox.label')}</span>
      <p>
        {t('sandbox.noSms')}
        {sentCount > 0 && (
          <>
            {' '}
            {latestCode
              ? richText(
                  'sandbox.latest',
                  { code: (text) => <strong className="sandbox-code">{text}</strong> },
                  { code: latestCode },
                )
              : t('sandbox.waiting')}
          </>
        )}
      </p>
    </aside>
  );
}
