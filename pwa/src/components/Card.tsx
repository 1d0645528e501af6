import { useId, type ReactNode } from 'react';

/**
 * A titled card: a `section.card` named by its `h2.card-title` (a landmark region screen readers list by that
 * title), with an optional muted hint line under the title. The title's id is generated, so two cards never clash.
 */
export function Card({
  title,
  hint,
  className,
  children,
}: {
  title: ReactNode;
  /** The short muted line under the title. */
  hint?: ReactNode;
  /** Classes added after `card`. */
  className?: string;
  children?: ReactNode;
}) {
  const titleId = `${useId()}-title`;
  return (
    <section className={className ? `card ${className}` : 'card'} aria-labelledby={titleId}>
      <h2 className="card-title" id={titleId}>
        {title}
      </h2>
      {hint ? <p className="muted small">{hint}</p> : null}
      {children}
    </section>
  );
}
