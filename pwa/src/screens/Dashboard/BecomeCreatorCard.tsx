import { useId, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { serverMessage } from '../../api/client.ts';
import { useAuth } from '../../hooks/useAuth.ts';
import { FormSubmit } from '../../components/FormStatus.tsx';
import { TextField } from '../../components/TextField.tsx';
import { useBecomeCreator } from './useDashboardMutations.ts';
import { useT } from '../../i18n/i18n.tsx';
import { bindText } from '../../components/fieldBinding.tsx';
import { Card } from '../../components/Card.tsx';

/** "Become a creator": choose a handle and display name; the user becomes a creator. */
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
    <Card title={t('dashboard.becomeCreator.title')} className="become-creator">
      <p className="muted">{t('dashboard.becomeCreator.lede')}</p>
      <form className="form" onSubmit={handleSubmit} noValidate>
        <TextField
          id={`${id}-handle`}
          label={t('dashboard.becomeCreator.handle')}
          hint={t('dashboard.becomeCreator.handleHint', { handle: handle || 'handle' })}
          name="handle"
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          placeholder="your-channel"
          required
          maxLength={30}
          {...bindText(handle, setHandle)}
        />
        <TextField
          id={`${id}-display`}
          label={t('dashboard.becomeCreator.displayName')}
          name="displayName"
          required
          maxLength={80}
          {...bindText(displayName, setDisplayName)}
        />
        <FormSubmit error={error} disabled={becomeCreator.isPending} block={false}>
          {becomeCreator.isPending
            ? t('dashboard.becomeCreator.creating')
            : t('dashboard.becomeCreator.title')}
        </FormSubmit>
      </form>
    </Card>
  );
}
