import { useState, type FormEvent } from 'react';
import { API_TOKEN_SCOPES, type ApiTokenScope } from '@shabaash/shared';
import { serverMessage } from '../../api/client.ts';
import { Card } from '../../components/Card.tsx';
import { FormStatus } from '../../components/FormStatus.tsx';
import { useApiTokens, useCreateApiToken, useRevokeApiToken } from '../../hooks/useDeveloperAccess.ts';
import { SecretOnce, useSecretCreation } from './SecretOnce.tsx';
import { richText, translate, useT, type MessageKey } from '../../i18n/i18n.tsx';
import { dateTime } from '../../i18n/format.ts';
import './developerAccess.css';

const SCOPE_TEXT: Record<ApiTokenScope, MessageKey> = {
  'tips:read': 'apiTokens.scope.tipsRead',
  'tips:moderate': 'apiTokens.scope.tipsModerate',
  'events:subscribe': 'apiTokens.scope.eventsSubscribe',
  'payouts:read': 'apiTokens.scope.payoutsRead',
};

const when = (iso: string | null) => (iso ? dateTime(iso) : translate('apiTokens.never'));

/** The "API tokens" card of /creator: make named, scoped tokens (secret shown once), see last use, revoke. */
export function ApiTokensSection() {
  const tokens = useApiTokens();
  const { t } = useT();
  const create = useCreateApiToken();
  const revoke = useRevokeApiToken();
  const [name, setName] = useState('');
  const [scopes, setScopes] = useState<ApiTokenScope[]>(['tips:read']);
  const { secret, dismiss, status, setStatus, create: createWithSecret } = useSecretCreation();

  const handleSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const made = await createWithSecret(() => create.mutateAsync({ name, scopes }), {
      success: t('apiTokens.created'),
      failed: t('apiTokens.createFailed'),
    });
    if (made) setName('');
  };

  const toggle = (scope: ApiTokenScope, on: boolean) =>
    setScopes((old) => (on ? [...old, scope] : old.filter((s) => s !== scope)));

  return (
    <Card
      title={t('apiTokens.title')}
      hint={richText('apiTokens.intro', { link: (text) => <a href="/developers">{text}</a> })}
      className="dev-card"
    >
      {secret ? <SecretOnce label={t('apiTokens.newToken')} secret={secret} onDone={dismiss} /> : null}
      {tokens.isPending ? (
        <p className="muted">{t('apiTokens.loading')}</p>
      ) : tokens.isError ? (
        <FormStatus error={t('apiTokens.loadFailed')} />
      ) : tokens.data.tokens.length === 0 ? (
        <p className="muted small">{t('apiTokens.none')}</p>
      ) : (
        <ul className="dev-list" aria-label={t('apiTokens.list')}>
          {tokens.data.tokens.map((token) => (
            <li key={token.id} className="dev-item">
              <div>
                <strong>{token.name}</strong> <code>{token.prefix}…</code>
                <p className="muted small">{token.scopes.join(', ')}</p>
                <p className="muted small">{t('apiTokens.lastUsed', { when: when(token.lastUsedAt) })}</p>
              </div>
              <button
                type="button"
                className="button button-ghost button-small"
                aria-label={t('apiTokens.revokeName', { name: token.name })}
                disabled={revoke.isPending}
                onClick={() =>
                  revoke.mutate(token.id, {
                    onError: (caught) =>
                      setStatus({
                        error: serverMessage(caught, t('apiTokens.revokeFailed')),
                      }),
                  })
                }
              >
                {t('apiTokens.revoke')}
              </button>
            </li>
          ))}
        </ul>
      )}
      <form className="form" onSubmit={(e) => void handleSubmit(e)} noValidate>
        <div className="field">
          <label htmlFor="dev-token-name">{t('apiTokens.name')}</label>
          <input
            id="dev-token-name"
            value={name}
            maxLength={80}
            autoComplete="off"
            onChange={(e) => setName(e.target.value)}
          />
        </div>
        <fieldset className="dev-fieldset">
          <legend>{t('apiTokens.scopes')}</legend>
          {API_TOKEN_SCOPES.map((scope) => (
            <label key={scope} className="dev-check">
              <input
                type="checkbox"
                checked={scopes.includes(scope)}
                onChange={(e) => toggle(scope, e.target.checked)}
              />
              <span>
                <code>{scope}</code> {t(SCOPE_TEXT[scope])}
              </span>
            </label>
          ))}
        </fieldset>
        <FormStatus error={status.error} success={status.success} />
        <button type="submit" className="button button-primary" disabled={create.isPending}>
          {create.isPending ? t('apiTokens.creating') : t('apiTokens.create')}
        </button>
      </form>
    </Card>
  );
}
