import { useState } from 'react';
import { API_TOKEN_SCOPES, type ApiToken, type ApiTokenScope } from '@shabaash/shared';
import { serverMessage } from '../../api/client.ts';
import { Card } from '../../components/Card.tsx';
import { TextField } from '../../components/TextField.tsx';
import { useApiTokens, useCreateApiToken, useRevokeApiToken } from '../../hooks/useDeveloperAccess.ts';
import { CodeChecklist, DevList, MakeForm } from './DeveloperParts.tsx';
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

/** One token: name, prefix, scopes, last use, and Revoke. */
function TokenItem({ token, busy, onRevoke }: { token: ApiToken; busy: boolean; onRevoke(): void }) {
  const { t } = useT();
  return (
    <li className="dev-item">
      <div>
        <strong>{token.name}</strong> <code>{token.prefix}…</code>
        <p className="muted small">{token.scopes.join(', ')}</p>
        <p className="muted small">{t('apiTokens.lastUsed', { when: when(token.lastUsedAt) })}</p>
      </div>
      <button
        type="button"
        className="button button-ghost button-small"
        aria-label={t('apiTokens.revokeName', { name: token.name })}
        disabled={busy}
        onClick={onRevoke}
      >
        {t('apiTokens.revoke')}
      </button>
    </li>
  );
}

/** The "API tokens" card of /creator: make named, scoped tokens (secret shown once), see last use, revoke. */
export function ApiTokensSection() {
  const tokens = useApiTokens();
  const { t } = useT();
  const create = useCreateApiToken();
  const revoke = useRevokeApiToken();
  const [name, setName] = useState('');
  const [scopes, setScopes] = useState<ApiTokenScope[]>(['tips:read']);
  const { secret, dismiss, status, setStatus, create: createWithSecret } = useSecretCreation();

  const handleSubmit = async () => {
    const made = await createWithSecret(() => create.mutateAsync({ name, scopes }), {
      success: t('apiTokens.created'),
      failed: t('apiTokens.createFailed'),
    });
    if (made) setName('');
  };

  return (
    <Card
      title={t('apiTokens.title')}
      hint={richText('apiTokens.intro', { link: (text) => <a href="/developers">{text}</a> })}
      className="dev-card"
    >
      {secret ? <SecretOnce label={t('apiTokens.newToken')} secret={secret} onDone={dismiss} /> : null}
      <DevList area="apiTokens" query={tokens} items={tokens.data?.tokens}>
        {(token) => (
          <TokenItem
            key={token.id}
            token={token}
            busy={revoke.isPending}
            onRevoke={() =>
              revoke.mutate(token.id, {
                onError: (caught) => setStatus({ error: serverMessage(caught, t('apiTokens.revokeFailed')) }),
              })
            }
          />
        )}
      </DevList>
      <MakeForm
        status={status}
        busy={create.isPending}
        submitLabel={create.isPending ? t('apiTokens.creating') : t('apiTokens.create')}
        onSubmit={handleSubmit}
      >
        <TextField
          id="dev-token-name"
          label={t('apiTokens.name')}
          value={name}
          maxLength={80}
          autoComplete="off"
          onChange={(e) => setName(e.target.value)}
        />
        <CodeChecklist
          legend={t('apiTokens.scopes')}
          options={API_TOKEN_SCOPES}
          chosen={scopes}
          meaning={(scope) => t(SCOPE_TEXT[scope])}
          onChange={setScopes}
        />
      </MakeForm>
    </Card>
  );
}
