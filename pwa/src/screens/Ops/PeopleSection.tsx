import { useState, type FormEvent } from 'react';
import type { OpsPerson } from '@shabaash/shared';
import { Card } from '../../components/Card.tsx';
import { FormStatus } from '../../components/FormStatus.tsx';
import { TextField } from '../../components/TextField.tsx';
import { useOpsPerson, usePersonAction, type PersonAction } from '../../hooks/ops/people.ts';
import { useT } from '../../i18n/i18n.tsx';
import { dateTime } from '../../i18n/format.ts';
import { ReasonForm } from './ReasonForm.tsx';
import './people.css';

/** The action the panel offers for this person, if any (operators are never restricted here). */
function actionFor(person: OpsPerson): PersonAction | null {
  if (person.creator) return person.suspendedAt ? 'opsUnsuspendCreator' : 'opsSuspendCreator';
  if (person.role === 'viewer') return person.bannedAt ? 'opsUnbanUser' : 'opsBanUser';
  return null;
}

const ACTION_LABEL = {
  opsSuspendCreator: 'ops.people.suspend',
  opsUnsuspendCreator: 'ops.people.unsuspend',
  opsBanUser: 'ops.people.ban',
  opsUnbanUser: 'ops.people.unban',
} as const;

function PersonState({ person }: { person: OpsPerson }) {
  const { t } = useT();
  if (person.suspendedAt)
    return (
      <p className="ops-state ops-state-restricted" data-testid="person-state">
        {t('ops.people.suspendedSince', { when: dateTime(person.suspendedAt) })} · {person.suspensionReason}
      </p>
    );
  if (person.bannedAt)
    return (
      <p className="ops-state ops-state-restricted" data-testid="person-state">
        {t('ops.people.bannedSince', { when: dateTime(person.bannedAt) })} · {person.banReason}
      </p>
    );
  return (
    <p className="ops-state" data-testid="person-state">
      {t('ops.people.active')}
    </p>
  );
}

function PersonCard({ person }: { person: OpsPerson }) {
  const { t } = useT();
  const act = usePersonAction();
  const action = actionFor(person);
  return (
    <Card title={person.name} hint={person.creator ? `@${person.creator.handle}` : undefined}>
      <dl className="ops-facts">
        <dt>{t('ops.people.role')}</dt>
        <dd>{t(`ops.people.role.${person.role}`)}</dd>
        <dt>{t('ops.people.phone')}</dt>
        <dd>{person.maskedPhone}</dd>
        <dt>{t('ops.people.joined')}</dt>
        <dd>{dateTime(person.createdAt)}</dd>
        {person.consent ? (
          <>
            <dt>{t('ops.people.consent')}</dt>
            <dd>
              {t(`ops.people.consent.${person.consent.state}`)}
              {person.consent.withdrawnAt
                ? ` · ${dateTime(person.consent.withdrawnAt)}`
                : person.consent.givenAt
                  ? ` · ${dateTime(person.consent.givenAt)}`
                  : ''}
            </dd>
          </>
        ) : null}
        {person.moderators ? (
          <>
            <dt>{t('ops.people.moderators')}</dt>
            <dd data-testid="person-moderators">
              {person.moderators.length === 0
                ? t('ops.people.noModerators')
                : person.moderators
                    .map((m) => `${m.name ?? t('mods.pending')} (${m.maskedPhone})`)
                    .join(', ')}
            </dd>
          </>
        ) : null}
        {person.timer ? (
          <>
            <dt>{t('ops.people.timer')}</dt>
            <dd data-testid="ops-timer">
              {t(`timerCard.status.${person.timer.status}`)}
              {person.timer.endsAt ? ` · ${dateTime(person.timer.endsAt)}` : ''}
            </dd>
          </>
        ) : null}
      </dl>
      <PersonState person={person} />
      {person.deleted ? <p className="muted">{t('ops.people.deleted')}</p> : null}
      {action ? (
        <ReasonForm
          key={action}
          label={t('ops.reason.label')}
          submitLabel={t(ACTION_LABEL[action])}
          danger={action === 'opsSuspendCreator' || action === 'opsBanUser'}
          isBusy={act.isPending}
          error={act.error?.message ?? null}
          onSubmit={(reason) => act.mutate({ action, id: person.id, reason })}
        />
      ) : (
        <p className="muted">{t('ops.people.noAction')}</p>
      )}
    </Card>
  );
}

/**
 * A user or creator by id (from search, a report or the audit log): their state and the one action that fits,
 * suspend/reinstate a creator or ban/unban a viewer, each with a reason. `userId` opens one at once.
 */
export function PeopleSection({ userId = '' }: { userId?: string }) {
  const { t } = useT();
  const [draft, setDraft] = useState(userId);
  const [id, setId] = useState(userId.trim());
  const person = useOpsPerson(id);
  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    setId(draft.trim());
  };
  return (
    <section className="ops-section" aria-labelledby="ops-people-title">
      <h2 id="ops-people-title">{t('ops.people.title')}</h2>
      <form className="ops-lookup" onSubmit={handleSubmit}>
        <TextField
          id="ops-people-id"
          label={t('ops.people.idLabel')}
          hint={t('ops.people.idHint')}
          value={draft}
          autoComplete="off"
          spellCheck={false}
          onChange={(e) => setDraft(e.target.value)}
        />
        <button type="submit" className="button button-secondary">
          {t('ops.people.open')}
        </button>
      </form>
      {id === '' ? null : person.isPending ? (
        <p role="status">{t('page.loading')}</p>
      ) : person.isError ? (
        <FormStatus error={person.error.message} />
      ) : (
        <PersonCard person={person.data.person} />
      )}
    </section>
  );
}
