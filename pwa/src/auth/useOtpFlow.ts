import { useState } from 'react';
import { MESSAGES, normalizePhone } from '@shabaash/shared';
import { RecaptchaUnavailableError } from './phoneAuth.ts';
import { translate } from '../i18n/i18n.tsx';
import { OtpNotRequestedError, usePhoneOtp } from './usePhoneOtp.ts';

/** A check a screen adds to a step: the message to show, or null when the input is fine. */
type StepCheck = () => string | null;

/**
 * The two-step OTP form of /register and /forgot-password: step 1 validates the phone and texts a code, step 2
 * validates and confirms it into a Firebase ID token; error and success lines, busy state and Resend OTP.
 */
export function useOtpFlow() {
  const otp = usePhoneOtp();
  const [step, setStep] = useState<1 | 2>(1);
  const [phone10, setPhone10] = useState<string | null>(null);
  const [code, setCode] = useState('');
  const [isBusy, setIsBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [success, setSuccess] = useState<string | null>(null);

  const clearStatus = () => {
    setError(null);
    setSuccess(null);
  };

  /** Shows an error and unlocks the form (validation, or the server refusing what the token was for). */
  const fail = (message: string) => {
    setSuccess(null);
    setError(message);
    setIsBusy(false);
  };

  /** Step 1: the phone, then `check`; texts the code and moves to step 2. */
  const sendCode = async (phoneInput: string, check?: StepCheck): Promise<void> => {
    clearStatus();
    const normalized = normalizePhone(phoneInput);
    if (!normalized.ok) return fail(normalized.message);
    const problem = check?.();
    if (problem) return fail(problem);
    setIsBusy(true);
    try {
      await otp.send(normalized.phone);
      setPhone10(normalized.phone);
      setCode('');
      setStep(2);
      setSuccess(MESSAGES.otpSent);
      setIsBusy(false);
    } catch (caught) {
      fail(caught instanceof RecaptchaUnavailableError ? caught.message : MESSAGES.otpSendFailed);
    }
  };

  /**
   * Step 2: the code's format, then `check`, then confirms it. Returns the ID token and the phone it proves
   * (the form stays busy for the screen's own call), or null with the error shown.
   */
  const confirmCode = async (check?: StepCheck): Promise<{ firebaseToken: string; phone: string } | null> => {
    clearStatus();
    if (!/^\d{6}$/.test(code.trim())) {
      fail(translate('otp.enterCode'));
      return null;
    }
    const problem = check?.();
    if (problem) {
      fail(problem);
      return null;
    }
    if (!phone10) {
      fail(MESSAGES.requestOtpFirst);
      return null;
    }
    setIsBusy(true);
    try {
      return { firebaseToken: await otp.verify(code.trim()), phone: phone10 };
    } catch (caught) {
      fail(caught instanceof OtpNotRequestedError ? caught.message : MESSAGES.otpVerifyFailed);
      return null;
    }
  };

  /** Resend OTP: forgets the sent code and goes back to step 1 with the typed details kept. */
  const resend = () => {
    otp.discard();
    setCode('');
    clearStatus();
    setStep(1);
  };

  return {
    step,
    phone10,
    code,
    /** Keeps digits only. */
    setCode: (value: string) => setCode(value.replace(/\D/g, '')),
    isBusy,
    error,
    success,
    setSuccess,
    fail,
    sendCode,
    confirmCode,
    resend,
    /** Call once the server accepted the token (the code cannot be used again). */
    done: otp.discard,
    recaptchaRef: otp.recaptchaRef,
    sentCount: otp.sentCount,
  };
}

export type OtpFlow = ReturnType<typeof useOtpFlow>;
