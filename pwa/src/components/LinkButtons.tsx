import { Link } from 'react-router-dom';
import { useT, type MessageKey } from '../i18n/i18n.tsx';

export interface LinkButton {
  to: string;
  label: MessageKey;
  variant: 'primary' | 'secondary' | 'ghost';
}

/** Links drawn as buttons, side by side (calls to action, account links). */
export function LinkButtons({ links, size }: { links: readonly LinkButton[]; size?: 'small' | 'large' }) {
  const { t } = useT();
  return links.map((link) => (
    <Link
      key={link.to}
      to={link.to}
      className={`button button-${link.variant}${size ? ` button-${size}` : ''}`}
    >
      {t(link.label)}
    </Link>
  ));
}
