import { useState, type FormEvent } from 'react';
import { useParams } from 'react-router-dom';
import { MESSAGES } from '@shabaash/shared';
import { ApiError, serverMessage } from '../../api/client.ts';
import { useConsentLink } from '../../hooks/useConsent.ts';
import { AuthCard } from '../../components/auth/AuthCard.tsx';
import { OtpCodeStep, OtpFooter, OtpSendStep } from '../../components/auth/OtpSteps.tsx';
import { useOtpFlow } from '../../auth/useOtpFlow.ts';
import { PhoneField } from '../../components/AccountFields.tsx';
import { bindText } from '../../components/fieldBinding.tsx';
import { FormStatus } from '../../components/FormStatus.tsx';
import { money } from '../../i18n/format.ts';
import { useT } from '../../i18n/i18n.tsx';

/**
 * /consent/:token: the parent's page. It states whose consent is asked, what is collected and what the child may
 * spend; the parent proves the phone the child named with an OTP, and is then shown the withdrawal link.
 */
export function ConsentScreen() {
  const { token = '' } = useParams();
  const { t } = useT();
  const flow = useOtpFlow();
  const [phone, setPhone] = useState('');
  const { page, confirm } = useConsentLink(token);

  const handleSend = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    await flow.sendCode(phone);
  };
  const handleVerify = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const proof = await flow.confirmCode();
    if (!proof) return;
    try {
      await confirm.mutateAsync(proof);
      flow.done();
    } catch (caught) {
      flow.fail(
        caught instanceof ApiError
          ? serverMessage(caught, MESSAGES.otpVerifyFailed)
          : MESSAGES.otpVerifyFailed,
      );
    }
  };

  if (page.isPending) return <AuthCard title={t('consent.page.title')}>{null}</AuthCard>;
  if (page.isError)
    return (
      <AuthCard title={t('consent.page.title')}>
        <FormStatus error={serverMessage(page.error, t('error.generic'))} />
      </AuthCard>
    );
  const { childName, parentPhoneMasked, monthlyCapPaise, state } = page.data;
  const cap = money(monthlyCapPaise);
  return (
    <AuthCard eyebrow={t('consent.page.eyebrow')} title={t('consent.page.titleFor', { name: childName })}>
      <p>{t('consent.page.lede', { name: childName, phone: parentPhoneMasked })}</p>
      <h2 className="card-title">{t('consent.page.collectedTitle')}</h2>
      <ul>
        <li>{t('consent.page.collectedChild')}</li>
        <li>{t('consent.page.collectedParent')}</li>
        <li>{t('consent.page.collectedWhy')}</li>
      </ul>
      <h2 className="card-title">{t('consent.page.spendTitle')}</h2>
      <p data-testid="consent-cap">{t('consent.page.spend', { name: childName, cap })}</p>
      <p className="muted small">{t('consent.page.withdrawAnyTime')}</p>
      {confirm.data ? (
        <WithdrawLink message={confirm.data.message} withdrawToken={confirm.data.withdrawToken} />
      ) : state === 'withdrawn' ? (
        <p className="muted">{t('consent.page.wasWithdrawn')}</p>
      ) : (
        <>
          {state === 'given' ? <p className="muted">{t('consent.page.alreadyGiven')}</p> : null}
          {flow.step === 1 ? (
            <OtpSendStep flow={flow} onSubmit={handleSend}>
              <PhoneField
                id="consent-phone"
                label={t('consent.page.yourPhone')}
                binding={bindText(phone, setPhone)}
              />
            </OtpSendStep>
          ) : (
            <OtpCodeStep
              flow={flow}
              texts={['consent.page.codeLabel', 'consent.page.confirm', 'consent.page.confirming']}
              onSubmit={handleVerify}
            />
          )}
          <OtpFooter flow={flow} />
        </>
      )}
    </AuthCard>
  );
}

/** The confirmation: the message and the withdrawal link to keep. */
function WithdrawLink({ message, withdrawToken }: { message: string; withdrawToken: string }) {
  const { t } = useT();
  const link = `${window.location.origin}/consent/withdraw/${withdrawToken}`;
  return (
    <div>
      <FormStatus success={message} />
      <p>{t('consent.page.keepLink')}</p>
      <p>
        <a href={link} data-testid="withdraw-link">
          {link}
        </a>
      </p>
    </div>
  );
}
