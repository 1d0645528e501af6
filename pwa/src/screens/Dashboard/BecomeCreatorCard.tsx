import { useId, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { serverMessage } from '../../api/client.ts';
import { useAuth } from '../../auth/useAuth.ts';
import { FormStatus } from '../../components/FormStatus.tsx';
import { useBecomeCreator } from './useDashboardMutations.ts';
import { useT } from '../../i18n/i18n.tsx';

/** "Become a creator" (ARCHITECTURE §1): choose a handle and display name; the user becomes a creator. */
export function BecomeCreatorCard() {
  const { user, isCreator, updateUser } = useAuth();
  const navigate = useNavigate();
  const becomeCreator = useBecomeCreator();
  const { t } = useT();
  const id = useId();
  const [handle, setHandle] = useState('');
  const [displayName, setDisplayName] = useState(user?.name ?? '');
  const [error, setError] = useState<string | null>(null);

  if (!user || isCreator) return null;

  const handleSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setError(null);
    try {
      const result = await becomeCreator.mutateAsync({ handle, displayName });
      updateUser(result.user);
      navigate('/creator');
    } catch (caught) {
      setError(serverMessage(caught, t('dashboard.becomeCreator.failed')));
    }
  };

  return (
    <section className="card become-creator" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="card-title">
        {t('dashboard.becomeCreator.title')}
      </h2>
      <p className="muted">{t('dashboard.becomeCreator.lede')}</p>
      <form className="form" onSubmit={handleSubmit} noValidate>
        <div className="field">
          <label htmlFor={`${id}-handle`}>{t('dashboard.becomeCreator.handle')}</label>
          <input
            id={`${id}-handle`}
            name="handle"
            autoComplete="off"
            autoCapitalize="none"
            spellCheck={false}
            placeholder="your-channel"
            required
            maxLength={30}
            aria-describedby={`${id}-handle-hint`}
            value={handle}
            onChange={(e) => setHandle(e.target.value)}
          />
          <p id={`${id}-handle-hint`} className="hint">
            {t('dashboard.becomeCreator.handleHint', { handle: handle || 'handle' })}
          </p>
        </div>
        <div className="field">
          <label htmlFor={`${id}-display`}>{t('dashboard.becomeCreator.displayName')}</label>
          <input
            id={`${id}-display`}
            name="displayName"
            required
            maxLength={80}
            value={displayName}
            onChange={(e) => setDisplayName(e.target.value)}
          />
        </div>
        <FormStatus error={error} />
        <button type="submit" className="button button-primary" disabled={becomeCreator.isPending}>
          {becomeCreator.isPending
            ? t('dashboard.becomeCreator.creating')
            : t('dashboard.becomeCreator.title')}
        </button>
      </form>
    </section>
  );
}
