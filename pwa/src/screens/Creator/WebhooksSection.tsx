import { useState, type FormEvent } from 'react';
import type { WebhookEndpoint } from '@shabaash/shared';
import { WEBHOOK_EVENTS, WEBHOOK_EVENT_MEANINGS, type WebhookEvent } from '@shabaash/shared/webhookProtocol';
import { serverMessage } from '../../api/client.ts';
import { FormStatus } from '../../components/FormStatus.tsx';
import {
  useCreateWebhookEndpoint,
  useWebhookActions,
  useWebhookDeliveries,
  useWebhookEndpoints,
} from '../../hooks/useDeveloperAccess.ts';
import { SecretOnce, useSecretCreation } from './SecretOnce.tsx';
import './developerAccess.css';

const when = (iso: string) =>
  new Date(iso).toLocaleString('en-IN', { dateStyle: 'medium', timeStyle: 'medium' });

/** The delivery log of one endpoint: event, status, attempts, last HTTP status, with a re-send per row. */
function DeliveryLog({ endpointId, onError }: { endpointId: string; onError: (message: string) => void }) {
  const log = useWebhookDeliveries(endpointId);
  const { resend } = useWebhookActions();
  if (log.isPending) return <p className="muted small">Loading deliveries...</p>;
  if (log.isError) return <FormStatus error="Unable to load deliveries. Please try again." />;
  if (log.data.deliveries.length === 0) return <p className="muted small">No deliveries yet.</p>;
  return (
    <div className="dev-scroll" role="region" aria-label="Delivery log" tabIndex={0}>
      <table className="dev-table">
        <thead>
          <tr>
            <th scope="col">Event</th>
            <th scope="col">Status</th>
            <th scope="col">Attempts</th>
            <th scope="col">Response</th>
            <th scope="col">Created</th>
            <th scope="col">Action</th>
          </tr>
        </thead>
        <tbody>
          {log.data.deliveries.map((d) => (
            <tr key={d.id}>
              <td>
                <code>{d.event}</code>
              </td>
              <td>{d.status}</td>
              <td>{d.attempts}</td>
              <td>{d.lastStatusCode !== null ? `HTTP ${d.lastStatusCode}` : (d.lastError ?? '—')}</td>
              <td>{when(d.createdAt)}</td>
              <td>
                <button
                  type="button"
                  className="button button-ghost button-small"
                  aria-label={`Re-send ${d.event} ${d.eventId}`}
                  disabled={resend.isPending}
                  onClick={() =>
                    resend.mutate(d.id, {
                      onSuccess: () => void log.refetch(),
                      onError: (e) => onError(serverMessage(e, 'Unable to re-send. Please try again.')),
                    })
                  }
                >
                  Re-send
                </button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function EndpointItem({
  endpoint,
  onError,
}: {
  endpoint: WebhookEndpoint;
  onError: (message: string) => void;
}) {
  const { setEnabled, remove, sendTest } = useWebhookActions();
  const [open, setOpen] = useState(false);
  const fail = (fallback: string) => (e: unknown) => onError(serverMessage(e, fallback));
  return (
    <li className="dev-item dev-endpoint">
      <div>
        <code className="dev-url">{endpoint.url}</code>
        <p className="muted small">{endpoint.events.join(', ')}</p>
        {endpoint.enabled ? null : (
          <p className="form-status form-status-error">{endpoint.disabledReason ?? 'Disabled.'}</p>
        )}
      </div>
      <div className="dev-actions">
        <button
          type="button"
          className="button button-secondary button-small"
          disabled={sendTest.isPending}
          onClick={() =>
            sendTest.mutate(endpoint.id, {
              onSuccess: () => setOpen(true),
              onError: fail('Unable to send a test event. Please try again.'),
            })
          }
        >
          Send test event
        </button>
        <button
          type="button"
          className="button button-ghost button-small"
          aria-expanded={open}
          onClick={() => setOpen((o) => !o)}
        >
          {open ? 'Hide deliveries' : 'Show deliveries'}
        </button>
        <button
          type="button"
          className="button button-ghost button-small"
          onClick={() =>
            setEnabled.mutate(
              { id: endpoint.id, enabled: !endpoint.enabled },
              { onError: fail('Unable to change the endpoint. Please try again.') },
            )
          }
        >
          {endpoint.enabled ? 'Disable' : 'Enable'}
        </button>
        <button
          type="button"
          className="button button-ghost button-small"
          aria-label={`Remove ${endpoint.url}`}
          onClick={() => remove.mutate(endpoint.id, { onError: fail('Unable to remove. Please try again.') })}
        >
          Remove
        </button>
      </div>
      {open ? <DeliveryLog endpointId={endpoint.id} onError={onError} /> : null}
    </li>
  );
}

/** The "Webhooks" card of /creator: https endpoints for events, signing secret shown once, test, delivery log. */
export function WebhooksSection() {
  const endpoints = useWebhookEndpoints();
  const create = useCreateWebhookEndpoint();
  const [url, setUrl] = useState('');
  const [events, setEvents] = useState<WebhookEvent[]>(['tip.live']);
  const { secret, dismiss, status, setStatus, create: createWithSecret } = useSecretCreation();

  const handleSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const made = await createWithSecret(() => create.mutateAsync({ url, events }), {
      success: 'Endpoint added.',
      failed: 'Unable to add the endpoint. Please try again.',
    });
    if (made) setUrl('');
  };
  const onError = (message: string) => setStatus({ error: message });

  return (
    <section className="card dev-card" aria-labelledby="cs-webhooks-title">
      <h2 className="card-title" id="cs-webhooks-title">
        Webhooks
      </h2>
      <p className="muted small">
        We POST signed JSON to your https endpoint when things happen. Retries run for 24 hours.
      </p>
      {secret ? <SecretOnce label="Signing secret" secret={secret} onDone={dismiss} /> : null}
      {endpoints.isPending ? (
        <p className="muted">Loading endpoints...</p>
      ) : endpoints.isError ? (
        <FormStatus error="Unable to load your endpoints. Please try again." />
      ) : endpoints.data.endpoints.length === 0 ? (
        <p className="muted small">No endpoints yet.</p>
      ) : (
        <ul className="dev-list" aria-label="Your webhook endpoints">
          {endpoints.data.endpoints.map((endpoint) => (
            <EndpointItem key={endpoint.id} endpoint={endpoint} onError={onError} />
          ))}
        </ul>
      )}
      <form className="form" onSubmit={(e) => void handleSubmit(e)} noValidate>
        <div className="field">
          <label htmlFor="dev-webhook-url">Endpoint URL</label>
          <input
            id="dev-webhook-url"
            type="url"
            inputMode="url"
            placeholder="https://"
            value={url}
            autoComplete="off"
            onChange={(e) => setUrl(e.target.value)}
          />
        </div>
        <fieldset className="dev-fieldset">
          <legend>Events</legend>
          {WEBHOOK_EVENTS.map((name) => (
            <label key={name} className="dev-check">
              <input
                type="checkbox"
                checked={events.includes(name)}
                onChange={(e) =>
                  setEvents((old) => (e.target.checked ? [...old, name] : old.filter((x) => x !== name)))
                }
              />
              <span>
                <code>{name}</code> {WEBHOOK_EVENT_MEANINGS[name]}
              </span>
            </label>
          ))}
        </fieldset>
        <FormStatus error={status.error} success={status.success} />
        <button type="submit" className="button button-primary" disabled={create.isPending}>
          {create.isPending ? 'Adding...' : 'Add endpoint'}
        </button>
      </form>
    </section>
  );
}
