import { useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router-dom';
import type { AuditEntry } from '@shabaash/shared';
import { serverMessage } from '../../api/client.ts';
import { Card } from '../../components/Card.tsx';
import { FormStatus } from '../../components/FormStatus.tsx';
import { PageLoading } from '../../components/PageLoading.tsx';
import { TextField } from '../../components/TextField.tsx';
import { useOpsAudit } from '../../hooks/ops/console.ts';
import { dateTime } from '../../i18n/format.ts';
import { useT } from '../../i18n/i18n.tsx';

/** The audit log, newest first, as a list that reads on a phone; filtered to one record by kind and id (?targetKind=&targetId=). */
export function AuditSection() {
  const { t } = useT();
  const [params, setParams] = useSearchParams();
  const targetKind = params.get('targetKind') ?? '';
  const targetId = params.get('targetId') ?? '';
  const [kind, setKind] = useState(targetKind);
  const [id, setId] = useState(targetId);
  const audit = useOpsAudit({ targetKind: targetKind || undefined, targetId: targetId || undefined });

  const handleFilter = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const next: Record<string, string> = {};
    if (kind.trim()) next.targetKind = kind.trim();
    if (id.trim()) next.targetId = id.trim();
    setParams(next, { replace: true });
  };

  return (
    <Card title={t('ops.audit.title')} hint={t('ops.audit.hint')}>
      <form className="form" onSubmit={handleFilter} aria-label={t('ops.audit.filter')}>
        <TextField
          id="ops-audit-kind"
          label={t('ops.audit.kind')}
          hint={t('ops.audit.kindHint')}
          autoComplete="off"
          value={kind}
          onChange={(event) => setKind(event.target.value)}
        />
        <TextField
          id="ops-audit-id"
          label={t('ops.audit.record')}
          autoComplete="off"
          value={id}
          onChange={(event) => setId(event.target.value)}
        />
        <div className="button-row">
          <button type="submit" className="button button-primary button-small">
            {t('ops.audit.apply')}
          </button>
          {targetKind || targetId ? (
            <button
              type="button"
              className="button button-ghost button-small"
              onClick={() => {
                setKind('');
                setId('');
                setParams({}, { replace: true });
              }}
            >
              {t('ops.audit.clear')}
            </button>
          ) : null}
        </div>
      </form>
      {audit.isPending ? <PageLoading /> : null}
      {audit.isError ? <FormStatus error={serverMessage(audit.error, t('ops.loadFailed'))} /> : null}
      {audit.data ? (
        audit.data.entries.length === 0 ? (
          <p role="status">{t('ops.audit.none')}</p>
        ) : (
          <ol className="ops-list" aria-label={t('ops.audit.title')}>
            {audit.data.entries.map((entry) => (
              <AuditRow key={entry.id} entry={entry} />
            ))}
          </ol>
        )
      ) : null}
    </Card>
  );
}

/** A value of the log as compact text: `{"refundedPaise":0}` → `refundedPaise: 0`. */
function describe(value: unknown): string {
  if (value === null || value === undefined) return '—';
  if (typeof value !== 'object') return String(value);
  return Object.entries(value as Record<string, unknown>)
    .map(([key, v]) => `${key}: ${v !== null && typeof v === 'object' ? JSON.stringify(v) : String(v)}`)
    .join('\n');
}

function AuditRow({ entry }: { entry: AuditEntry }) {
  const { t } = useT();
  return (
    <li className="ops-row">
      <strong>{entry.action}</strong>
      <span className="small">
        {t('ops.audit.by', { name: entry.operatorName, when: dateTime(entry.createdAt) })}
      </span>
      <span className="small">
        {entry.targetKind} · <code>{entry.targetId}</code>
      </span>
      {entry.reason ? <span>{t('ops.audit.reason', { reason: entry.reason })}</span> : null}
      <details>
        <summary>{t('ops.audit.change')}</summary>
        <p className="small muted">{t('ops.audit.before')}</p>
        <p className="ops-change">{describe(entry.before)}</p>
        <p className="small muted">{t('ops.audit.after')}</p>
        <p className="ops-change">{describe(entry.after)}</p>
      </details>
    </li>
  );
}
