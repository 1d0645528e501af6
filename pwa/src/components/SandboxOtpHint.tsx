import { useConfig } from '../api/useConfig.ts';
import { useSandboxOtp } from '../auth/useSandboxOtp.ts';

/** Sandbox mode only: tells the tester where the OTP comes from and shows the emulator's latest code. */
export function SandboxOtpHint({ phone10, sentCount }: { phone10: string | null; sentCount: number }) {
  const { data: config } = useConfig();
  const { data: code } = useSandboxOtp(phone10, sentCount);
  const latestCode: string | null = typeof code === 'string' ? code : null;
  if (!config?.sandbox || !config.firebase.emulatorUrl) return null;
  return (
    <aside className="sandbox-hint" aria-label="Sandbox">
      <span className="badge badge-warn">Sandbox</span>
      <p>
        No real SMS is sent in sandbox mode. The code is read from the Firebase Auth emulator.
        {sentCount > 0 && (
          <>
            {' '}
            {latestCode ? (
              <>
                Latest code for this phone: <strong className="sandbox-code">{latestCode}</strong>
              </>
            ) : (
              'Waiting for the emulator to issue a code…'
            )}
          </>
        )}
      </p>
    </aside>
  );
}
