import { useParams } from 'react-router-dom';
import { serverMessage } from '../../api/client.ts';
import { useWithdrawConsent } from '../../hooks/useConsent.ts';
import { AuthCard } from '../../components/auth/AuthCard.tsx';
import { FormStatus } from '../../components/FormStatus.tsx';
import { localizeText } from '../../i18n/errors.ts';
import { useT } from '../../i18n/i18n.tsx';

/** /consent/withdraw/:token: the parent withdraws consent with one button; the child's payments stop at once. */
export function WithdrawConsentScreen() {
  const { token = '' } = useParams();
  const { t } = useT();
  const withdraw = useWithdrawConsent(token);
  return (
    <AuthCard title={t('consent.withdraw.title')}>
      <p>{t('consent.withdraw.lede')}</p>
      {withdraw.data ? (
        <FormStatus success={localizeText(withdraw.data.message)} />
      ) : (
        <>
          <FormStatus error={withdraw.isError ? serverMessage(withdraw.error, t('error.generic')) : null} />
          <button
            type="button"
            className="button button-danger button-block"
            disabled={withdraw.isPending}
            onClick={() => withdraw.mutate()}
          >
            {t('consent.withdraw.button')}
          </button>
        </>
      )}
    </AuthCard>
  );
}
