import { useQuery } from '@tanstack/react-query';
import { toE164 } from '@shabaash/shared';
import { useConfig } from '../api/useConfig.ts';

interface EmulatorCode {
  phoneNumber?: string;
  code?: string;
}

/**
 * Sandbox only: the latest OTP the Firebase Auth emulator issued for `phone10`, read from its
 * verificationCodes endpoint (never in production, where emulatorUrl is null). `sentCount` re-reads after a resend.
 */
export function useSandboxOtp(phone10: string | null, sentCount: number) {
  const { data: config } = useConfig();
  const emulatorUrl = config?.sandbox ? config.firebase.emulatorUrl : null;
  const projectId = config?.firebase.projectId;
  return useQuery<string | null>({
    queryKey: ['sandbox-otp', phone10, sentCount],
    enabled: sentCount > 0 && Boolean(emulatorUrl && projectId && phone10),
    refetchInterval: (query) => (query.state.data ? false : 1500),
    queryFn: async ({ signal }) => {
      const response = await fetch(`${emulatorUrl}/emulator/v1/projects/${projectId}/verificationCodes`, {
        credentials: 'omit',
        signal,
      });
      if (!response.ok) return null;
      const body = (await response.json()) as { verificationCodes?: EmulatorCode[] };
      const wanted = toE164(phone10 ?? '');
      const codes = (body.verificationCodes ?? []).filter((entry) => entry.phoneNumber === wanted);
      return codes.at(-1)?.code ?? null;
    },
  });
}
