import { useState, type FormEvent } from 'react';
import { serverMessage } from '../../api/client.ts';
import { Card } from '../../components/Card.tsx';
import { FormStatus } from '../../components/FormStatus.tsx';
import { TextField } from '../../components/TextField.tsx';
import { useCreatorModerators, useInviteModerator, useRemoveModerator } from '../../hooks/useModeration.ts';
import { useT } from '../../i18n/i18n.tsx';

/**
 * The "Moderators" card of /creator: invite by phone number, see who moderates and who has not answered yet (the
 * number masked), and Remove (their open Chat Loaders close at once).
 */
export function ModeratorsSection() {
  const { t } = useT();
  const list = useCreatorModerators();
  const invite = useInviteModerator();
  const remove = useRemoveModerator();
  const [phone, setPhone] = useState('');
  const [status, setStatus] = useState<{ error?: string; success?: string }>({});

  async function handleInvite(event: FormEvent) {
    event.preventDefault();
    try {
      await invite.mutateAsync(phone);
      setPhone('');
      setStatus({ success: t('mods.invited') });
    } catch (error) {
      setStatus({ error: serverMessage(error, t('mods.inviteFailed')) });
    }
  }

  async function handleRemove(id: string, name: string) {
    if (!window.confirm(t('mods.confirmRemove', { name }))) return;
    try {
      await remove.mutateAsync(id);
      setStatus({ success: t('mods.removed', { name }) });
    } catch (error) {
      setStatus({ error: serverMessage(error, t('mods.removeFailed')) });
    }
  }

  const moderators = list.data?.moderators ?? [];
  return (
    <Card title={t('mods.cardTitle')} hint={t('mods.cardHint')} className="cs-moderators">
      <form className="stack" onSubmit={(event) => void handleInvite(event)}>
        <TextField
          id="mod-phone"
          label={t('mods.phoneLabel')}
          type="tel"
          inputMode="numeric"
          autoComplete="off"
          value={phone}
          onChange={(event) => setPhone(event.target.value)}
          required
        />
        <button type="submit" className="button button-primary" disabled={invite.isPending || !phone.trim()}>
          {t('mods.invite')}
        </button>
      </form>
      <FormStatus error={status.error ?? null} success={status.success ?? null} />
      {moderators.length === 0 ? (
        <p className="muted small">{t('mods.none')}</p>
      ) : (
        <ul className="dev-list" aria-label={t('mods.cardTitle')}>
          {moderators.map((moderator) => {
            const name = moderator.name ?? moderator.phone;
            return (
              <li key={moderator.id} className="dev-item" data-testid="moderator-item">
                <div>
                  <strong>{name}</strong>{' '}
                  <span className="muted small">
                    {moderator.status === 'pending' ? t('mods.pending') : moderator.phone}
                  </span>
                </div>
                <button
                  type="button"
                  className="button button-ghost button-small"
                  aria-label={t('mods.removeName', { name })}
                  disabled={remove.isPending}
                  onClick={() => void handleRemove(moderator.id, name)}
                >
                  {t('mods.remove')}
                </button>
              </li>
            );
          })}
        </ul>
      )}
    </Card>
  );
}
