import { Link } from 'react-router-dom';
import { serverMessage } from '../api/client.ts';
import { Card } from '../components/Card.tsx';
import { FormStatus } from '../components/FormStatus.tsx';
import { useAnswerInvite, useMyModeration } from '../hooks/useModeration.ts';
import { useT } from '../i18n/i18n.tsx';

/** Invitations to moderate a creator, each with Accept and Decline; nothing when there is none. */
export function ModerationInvites() {
  const { t } = useT();
  const mine = useMyModeration();
  const answer = useAnswerInvite();
  const invites = mine.data?.invites ?? [];
  if (invites.length === 0 && !answer.error) return null;
  return (
    <Card title={t('mods.invitesTitle')} hint={t('mods.invitesHint')} className="mod-invites">
      <ul className="mod-invite-list">
        {invites.map((invite) => (
          <li key={invite.id} className="mod-invite" data-testid="mod-invite">
            <span>{t('mods.inviteFrom', { name: invite.creator.name, handle: invite.creator.handle })}</span>
            <span className="mod-invite-actions">
              <button
                type="button"
                className="button button-primary button-small"
                disabled={answer.isPending}
                onClick={() => answer.mutate({ id: invite.id, accept: true })}
              >
                {t('mods.accept')}
              </button>
              <button
                type="button"
                className="button button-ghost button-small"
                disabled={answer.isPending}
                onClick={() => answer.mutate({ id: invite.id, accept: false })}
              >
                {t('mods.decline')}
              </button>
            </span>
          </li>
        ))}
      </ul>
      <FormStatus error={answer.error ? serverMessage(answer.error, t('mods.answerFailed')) : null} />
    </Card>
  );
}

/** The dashboard's moderation card: invitations waiting, then the creators this account moderates. */
export function ModerationCard() {
  const { t } = useT();
  const mine = useMyModeration();
  const creators = mine.data?.creators ?? [];
  return (
    <>
      <ModerationInvites />
      {creators.length > 0 ? (
        <Card title={t('mods.youModerate')} className="mod-creators">
          <ul className="mod-creator-links">
            {creators.map((creator) => (
              <li key={creator.handle}>
                <Link
                  className="button button-secondary"
                  to={`/moderate?creator=${encodeURIComponent(creator.handle)}`}
                >
                  {t('mods.openChatLoaderOf', { name: creator.name })}
                </Link>
              </li>
            ))}
          </ul>
        </Card>
      ) : null}
    </>
  );
}
