import type { ReactNode } from 'react';
import { richText, type MessageKey } from '../../i18n/i18n.tsx';
import { linkTo } from '../TextLink.tsx';
import '../../styles/auth.css';

/** The card of an auth page (/login, /register, /forgot-password): an optional eyebrow, the title, the rest. */
export function AuthCard({
  eyebrow,
  title,
  children,
}: {
  eyebrow?: string;
  title: string;
  children: ReactNode;
}) {
  return (
    <section className="auth-page">
      <div className="auth-card card">
        {eyebrow ? <p className="eyebrow">{eyebrow}</p> : null}
        <h1 className="page-title">{title}</h1>
        {children}
      </div>
    </section>
  );
}

/** The line under an auth card that sends to the other auth page ("Already have an account? <link>Log in</link>"). */
export function AuthSwitch({ text, to }: { text: MessageKey; to: string }) {
  return <p className="auth-switch">{richText(text, linkTo(to))}</p>;
}
