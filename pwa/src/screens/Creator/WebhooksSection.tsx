import { useState } from 'react';
import type { WebhookDelivery, WebhookEndpoint } from '@shabaash/shared';
import { WEBHOOK_EVENTS, type WebhookEvent } from '@shabaash/shared/webhookProtocol';
import { serverMessage } from '../../api/client.ts';
import { Card } from '../../components/Card.tsx';
import { DataTable, type Column } from '../../components/DataTable.tsx';
import { TextField } from '../../components/TextField.tsx';
import { FormStatus } from '../../components/FormStatus.tsx';
import { ServerText } from '../../components/ServerText.tsx';
import {
  useCreateWebhookEndpoint,
  useWebhookActions,
  useWebhookDeliveries,
  useWebhookEndpoints,
} from '../../hooks/useDeveloperAccess.ts';
import { CodeChecklist, DevList, MakeForm } from './DeveloperParts.tsx';
import { SecretOnce, useSecretCreation } from './SecretOnce.tsx';
import { useT, type MessageKey } from '../../i18n/i18n.tsx';
import { dateTime } from '../../i18n/format.ts';
import './developerAccess.css';

/** What each event means, in the chosen language (the English is WEBHOOK_EVENT_MEANINGS, word for word). */
const EVENT_TEXT: Record<WebhookEvent, MessageKey> = {
  'tip.created': 'webhooks.event.tipCreated',
  'tip.live': 'webhooks.event.tipLive',
  'tip.deleted': 'webhooks.event.tipDeleted',
  'tip.aired': 'webhooks.event.tipAired',
  'payout.updated': 'webhooks.event.payoutUpdated',
  'stream.started': 'webhooks.event.streamStarted',
  'stream.ended': 'webhooks.event.streamEnded',
  'timer.ended': 'webhooks.event.timerEnded',
  'youtube.superchat': 'webhooks.event.youtubeSuperchat',
};

/** A delivery's state in the chosen language. */
const DELIVERY_STATE_TEXT: Record<WebhookDelivery['status'], MessageKey> = {
  pending: 'webhooks.log.state.pending',
  delivered: 'webhooks.log.state.delivered',
  failed: 'webhooks.log.state.failed',
};

/** The delivery log of one endpoint: event, status, attempts, last HTTP status, with a re-send per row. */
function DeliveryLog({
  endpointId,
  onError,
}: {
  endpointId: string;
  onError: (message: string | null) => void;
}) {
  const log = useWebhookDeliveries(endpointId);
  const { resend } = useWebhookActions();
  const { t } = useT();
  if (log.isPending) return <p className="muted small">{t('webhooks.log.loading')}</p>;
  if (log.isError) return <FormStatus error={t('webhooks.log.loadFailed')} />;
  if (log.data.deliveries.length === 0) return <p className="muted small">{t('webhooks.log.none')}</p>;
  const columns: Array<Column<WebhookDelivery>> = [
    { header: t('webhooks.log.event'), cell: (d) => <code>{d.event}</code> },
    { header: t('webhooks.log.status'), cell: (d) => t(DELIVERY_STATE_TEXT[d.status]) },
    { header: t('webhooks.log.attempts'), cell: (d) => d.attempts },
    {
      header: t('webhooks.log.response'),
      // The receiver's HTTP status or the network's own words: technical, kept as they are.
      cell: (d) => (
        <span lang="en">{d.lastStatusCode !== null ? `HTTP ${d.lastStatusCode}` : (d.lastError ?? '—')}</span>
      ),
    },
    { header: t('webhooks.log.created'), cell: (d) => dateTime(d.createdAt, 'dateTimeSeconds') },
    {
      header: t('webhooks.log.action'),
      cell: (d) => (
        <button
          type="button"
          className="button button-ghost button-small"
          aria-label={t('webhooks.log.resendLabel', { event: d.event, id: d.eventId })}
          disabled={resend.isPending}
          onClick={() => {
            onError(null);
            resend.mutate(d.id, {
              onSuccess: () => void log.refetch(),
              onError: (e) => onError(serverMessage(e, t('webhooks.log.resendFailed'))),
            });
          }}
        >
          {t('webhooks.log.resend')}
        </button>
      ),
    },
  ];
  return (
    <DataTable
      region={t('webhooks.log.title')}
      columns={columns}
      rows={log.data.deliveries}
      rowKey={(delivery) => delivery.id}
    />
  );
}

/**
 * One endpoint with its actions. A refused action (a 429 after too many test events and re-sends, say) is told
 * under the endpoint's own buttons, where the creator pressed.
 */
function EndpointItem({ endpoint }: { endpoint: WebhookEndpoint }) {
  const { setEnabled, remove, sendTest } = useWebhookActions();
  const [open, setOpen] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const { t } = useT();
  const fail = (fallback: string) => (e: unknown) => setError(serverMessage(e, fallback));
  return (
    <li className="dev-item dev-endpoint">
      <div>
        <code className="dev-url">{endpoint.url}</code>
        <p className="muted small">{endpoint.events.join(', ')}</p>
        {endpoint.enabled ? null : (
          <p className="form-status form-status-error">
            {endpoint.disabledReason ? <ServerText text={endpoint.disabledReason} /> : t('webhooks.disabled')}
          </p>
        )}
      </div>
      <div className="dev-actions">
        <button
          type="button"
          className="button button-secondary button-small"
          disabled={sendTest.isPending}
          onClick={() => {
            setError(null);
            sendTest.mutate(endpoint.id, {
              onSuccess: () => setOpen(true),
              onError: fail(t('webhooks.sendTestFailed')),
            });
          }}
        >
          {t('webhooks.sendTest')}
        </button>
        <button
          type="button"
          className="button button-ghost button-small"
          aria-expanded={open}
          onClick={() => setOpen((o) => !o)}
        >
          {open ? t('webhooks.hideDeliveries') : t('webhooks.showDeliveries')}
        </button>
        <button
          type="button"
          className="button button-ghost button-small"
          onClick={() =>
            setEnabled.mutate(
              { id: endpoint.id, enabled: !endpoint.enabled },
              { onError: fail(t('webhooks.changeFailed')) },
            )
          }
        >
          {endpoint.enabled ? t('webhooks.disable') : t('webhooks.enable')}
        </button>
        <button
          type="button"
          className="button button-ghost button-small"
          aria-label={t('webhooks.removeUrl', { url: endpoint.url })}
          onClick={() => remove.mutate(endpoint.id, { onError: fail(t('webhooks.removeFailed')) })}
        >
          {t('webhooks.remove')}
        </button>
      </div>
      <FormStatus error={error} />
      {open ? <DeliveryLog endpointId={endpoint.id} onError={setError} /> : null}
    </li>
  );
}

/** The "Webhooks" card of /creator: https endpoints for events, signing secret shown once, test, delivery log. */
export function WebhooksSection() {
  const endpoints = useWebhookEndpoints();
  const create = useCreateWebhookEndpoint();
  const { t } = useT();
  const [url, setUrl] = useState('');
  const [events, setEvents] = useState<WebhookEvent[]>(['tip.live']);
  const { secret, dismiss, status, create: createWithSecret } = useSecretCreation();

  const handleSubmit = async () => {
    const made = await createWithSecret(() => create.mutateAsync({ url, events }), {
      success: t('webhooks.added'),
      failed: t('webhooks.addFailed'),
    });
    if (made) setUrl('');
  };

  return (
    <Card title={t('webhooks.title')} hint={t('webhooks.intro')} className="dev-card">
      {secret ? <SecretOnce label={t('webhooks.secret')} secret={secret} onDone={dismiss} /> : null}
      <DevList area="webhooks" query={endpoints} items={endpoints.data?.endpoints}>
        {(endpoint) => <EndpointItem key={endpoint.id} endpoint={endpoint} />}
      </DevList>
      <MakeForm
        status={status}
        busy={create.isPending}
        submitLabel={create.isPending ? t('webhooks.adding') : t('webhooks.add')}
        onSubmit={handleSubmit}
      >
        <TextField
          id="dev-webhook-url"
          label={t('webhooks.url')}
          type="url"
          inputMode="url"
          placeholder="https://"
          value={url}
          autoComplete="off"
          onChange={(e) => setUrl(e.target.value)}
        />
        <CodeChecklist
          legend={t('webhooks.events')}
          options={WEBHOOK_EVENTS}
          chosen={events}
          meaning={(name) => t(EVENT_TEXT[name])}
          onChange={setEvents}
        />
      </MakeForm>
    </Card>
  );
}
