import { useCallback, useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { MESSAGES } from '@shabaash/shared';
import type { ConfirmationResult } from 'firebase/auth';
import { api } from '../api/client.ts';
import { CONFIG_QUERY_KEY } from '../api/useConfig.ts';
import { confirmPhoneOtp, disposeRecaptcha, sendPhoneOtp } from './phoneAuth.ts';

/** Thrown by verify() when no OTP was sent (or it was discarded by Resend OTP). */
export class OtpNotRequestedError extends Error {
  constructor() {
    super(MESSAGES.requestOtpFirst);
    this.name = 'OtpNotRequestedError';
  }
}

/**
 * The OTP half of registration and password reset: send(phone10) texts a code, verify(code) returns the
 * Firebase ID token, discard() forgets a sent code (Resend OTP). Attach `recaptchaRef` to an empty div.
 */
export function usePhoneOtp() {
  const queryClient = useQueryClient();
  const recaptchaRef = useRef<HTMLDivElement>(null);
  const confirmationRef = useRef<ConfirmationResult | null>(null);
  const [sentCount, setSentCount] = useState(0);

  useEffect(() => () => disposeRecaptcha(), []);

  const send = useCallback(
    async (phone10: string) => {
      const config = await queryClient.ensureQueryData({
        queryKey: CONFIG_QUERY_KEY,
        queryFn: () => api('config'),
      });
      confirmationRef.current = await sendPhoneOtp(config.firebase, phone10, recaptchaRef.current);
      setSentCount((count) => count + 1);
    },
    [queryClient],
  );

  const verify = useCallback(async (code: string) => {
    const confirmation = confirmationRef.current;
    if (!confirmation) throw new OtpNotRequestedError();
    return confirmPhoneOtp(confirmation, code);
  }, []);

  const discard = useCallback(() => {
    confirmationRef.current = null;
  }, []);

  return { recaptchaRef, send, verify, discard, sentCount };
}
