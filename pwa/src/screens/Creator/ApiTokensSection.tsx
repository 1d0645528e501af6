import { useState, type FormEvent } from 'react';
import { API_TOKEN_SCOPES, type ApiTokenScope } from '@shabaash/shared';
import { serverMessage } from '../../api/client.ts';
import { FormStatus } from '../../components/FormStatus.tsx';
import { useApiTokens, useCreateApiToken, useRevokeApiToken } from '../../hooks/useDeveloperAccess.ts';
import { SecretOnce, useSecretCreation } from './SecretOnce.tsx';
import './developerAccess.css';

export const SCOPE_TEXT: Record<ApiTokenScope, string> = {
  'tips:read': 'Read your chats and recent tips',
  'tips:moderate': 'Push chats live, mark them or delete them',
  'events:subscribe': 'Receive your events live on a socket (bots)',
  'payouts:read': 'Read your payouts (when payouts arrive)',
};

const when = (iso: string | null) =>
  iso ? new Date(iso).toLocaleString('en-IN', { dateStyle: 'medium', timeStyle: 'short' }) : 'Never';

/** The "API tokens" card of /creator: make named, scoped tokens (secret shown once), see last use, revoke. */
export function ApiTokensSection() {
  const tokens = useApiTokens();
  const create = useCreateApiToken();
  const revoke = useRevokeApiToken();
  const [name, setName] = useState('');
  const [scopes, setScopes] = useState<ApiTokenScope[]>(['tips:read']);
  const { secret, dismiss, status, setStatus, create: createWithSecret } = useSecretCreation();

  const handleSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const made = await createWithSecret(() => create.mutateAsync({ name, scopes }), {
      success: 'Token created.',
      failed: 'Unable to create the token. Please try again.',
    });
    if (made) setName('');
  };

  const toggle = (scope: ApiTokenScope, on: boolean) =>
    setScopes((old) => (on ? [...old, scope] : old.filter((s) => s !== scope)));

  return (
    <section className="card dev-card" aria-labelledby="cs-tokens-title">
      <h2 className="card-title" id="cs-tokens-title">
        API tokens
      </h2>
      <p className="muted small">
        For bots and tools such as Streamer.bot. A token reaches only your own data. See{' '}
        <a href="/developers">the developer reference</a>.
      </p>
      {secret ? <SecretOnce label="Your new API token" secret={secret} onDone={dismiss} /> : null}
      {tokens.isPending ? (
        <p className="muted">Loading tokens...</p>
      ) : tokens.isError ? (
        <FormStatus error="Unable to load your tokens. Please try again." />
      ) : tokens.data.tokens.length === 0 ? (
        <p className="muted small">No API tokens yet.</p>
      ) : (
        <ul className="dev-list" aria-label="Your API tokens">
          {tokens.data.tokens.map((token) => (
            <li key={token.id} className="dev-item">
              <div>
                <strong>{token.name}</strong> <code>{token.prefix}…</code>
                <p className="muted small">{token.scopes.join(', ')}</p>
                <p className="muted small">Last used: {when(token.lastUsedAt)}</p>
              </div>
              <button
                type="button"
                className="button button-ghost button-small"
                aria-label={`Revoke ${token.name}`}
                disabled={revoke.isPending}
                onClick={() =>
                  revoke.mutate(token.id, {
                    onError: (caught) =>
                      setStatus({
                        error: serverMessage(caught, 'Unable to revoke the token. Please try again.'),
                      }),
                  })
                }
              >
                Revoke
              </button>
            </li>
          ))}
        </ul>
      )}
      <form className="form" onSubmit={(e) => void handleSubmit(e)} noValidate>
        <div className="field">
          <label htmlFor="dev-token-name">Token name</label>
          <input
            id="dev-token-name"
            value={name}
            maxLength={80}
            autoComplete="off"
            onChange={(e) => setName(e.target.value)}
          />
        </div>
        <fieldset className="dev-fieldset">
          <legend>Scopes</legend>
          {API_TOKEN_SCOPES.map((scope) => (
            <label key={scope} className="dev-check">
              <input
                type="checkbox"
                checked={scopes.includes(scope)}
                onChange={(e) => toggle(scope, e.target.checked)}
              />
              <span>
                <code>{scope}</code> {SCOPE_TEXT[scope]}
              </span>
            </label>
          ))}
        </fieldset>
        <FormStatus error={status.error} success={status.success} />
        <button type="submit" className="button button-primary" disabled={create.isPending}>
          {create.isPending ? 'Creating...' : 'Create token'}
        </button>
      </form>
    </section>
  );
}
