import { useId, useState, type ChangeEvent } from 'react';
import { MESSAGES } from '@shabaash/shared';
import { serverMessage } from '../../api/client.ts';
import { useAuth } from '../../hooks/useAuth.ts';
import { Avatar } from '../../components/Avatar.tsx';
import { FormStatus } from '../../components/FormStatus.tsx';
import { readAsDataUrl } from '../../lib/readAsDataUrl.ts';
import { PROFILE_PIC_TYPES, validateProfilePic } from './profilePicture.ts';
import { useUpdateProfilePic } from './useDashboardMutations.ts';
import { useT } from '../../i18n/i18n.tsx';
import { Card } from '../../components/Card.tsx';

/** Profile-picture uploader (dashboard; the picture rules): validates, uploads a data URL, merges the user. */
export function ProfilePictureUploader() {
  const { user, updateUser } = useAuth();
  const upload = useUpdateProfilePic();
  const { t } = useT();
  const inputId = useId();
  const [error, setError] = useState<string | null>(null);
  const [success, setSuccess] = useState<string | null>(null);

  const handleChange = async (event: ChangeEvent<HTMLInputElement>) => {
    const input = event.currentTarget;
    const file = input.files?.[0];
    setError(null);
    setSuccess(null);
    if (!file) return;
    const invalid = validateProfilePic(file);
    if (invalid) {
      setError(invalid);
      input.value = '';
      return;
    }
    let dataUrl: string;
    try {
      dataUrl = await readAsDataUrl(file);
    } catch {
      setError(MESSAGES.profilePicRead);
      return;
    }
    try {
      const result = await upload.mutateAsync(dataUrl);
      updateUser({ profilePic: result.user.profilePic });
      setSuccess(MESSAGES.profilePicUpdated);
    } catch (caught) {
      setError(serverMessage(caught, MESSAGES.profilePicUpdateFailed));
    } finally {
      input.value = '';
    }
  };

  if (!user) return null;
  return (
    <Card title={t('dashboard.profilePic.title')}>
      <div className="profile-pic-row">
        <Avatar name={user.name} src={user.profilePic} size={64} />
        <div>
          <label htmlFor={inputId} className="button button-secondary button-small file-button">
            {upload.isPending ? t('dashboard.profilePic.uploading') : t('dashboard.profilePic.choose')}
          </label>
          <input
            id={inputId}
            className="visually-hidden-file"
            type="file"
            accept={PROFILE_PIC_TYPES.join(',')}
            onChange={handleChange}
            disabled={upload.isPending}
          />
          <p className="hint">{t('dashboard.profilePic.hint')}</p>
        </div>
      </div>
      <FormStatus error={error} success={success} />
    </Card>
  );
}
