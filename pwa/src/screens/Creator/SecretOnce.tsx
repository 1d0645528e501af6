import { useState } from 'react';
import { serverMessage } from '../../api/client.ts';
import { copyText } from '../../lib/clipboard.ts';
import { useT } from '../../i18n/i18n.tsx';

/**
 * State of a form that makes something with a secret (API token, webhook endpoint): the secret to show once,
 * and the success or error line. `create` resolves true when it worked (so the form can clear itself).
 */
export function useSecretCreation() {
  const [secret, setSecret] = useState<string | null>(null);
  const [status, setStatus] = useState<{ error?: string; success?: string }>({});
  const create = async (
    make: () => Promise<{ secret: string }>,
    texts: { success: string; failed: string },
  ) => {
    setStatus({});
    try {
      setSecret((await make()).secret);
      setStatus({ success: texts.success });
      return true;
    } catch (caught) {
      setStatus({ error: serverMessage(caught, texts.failed) });
      return false;
    }
  };
  return { secret, dismiss: () => setSecret(null), status, setStatus, create };
}

/** A secret shown once, right after it was made: read-only, copyable, gone when dismissed. */
export function SecretOnce({ label, secret, onDone }: { label: string; secret: string; onDone: () => void }) {
  const [copied, setCopied] = useState(false);
  const { t } = useT();
  const id = `secret-${label.replace(/\W+/g, '-').toLowerCase()}`;
  return (
    <div className="dev-secret" role="status">
      <label htmlFor={id}>{label}</label>
      <p className="muted small">{t('secret.copyNow')}</p>
      <div className="dev-row">
        <input id={id} readOnly value={secret} onFocus={(e) => e.currentTarget.select()} />
        <button
          type="button"
          className="button button-secondary"
          onClick={() => void copyText(secret).then((result) => setCopied(result.ok))}
        >
          {copied ? t('secret.copied') : t('secret.copy')}
        </button>
      </div>
      <button type="button" className="button button-ghost button-small" onClick={onDone}>
        {t('secret.done')}
      </button>
    </div>
  );
}
