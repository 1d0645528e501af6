import type { ReactNode } from 'react';

/** A titled placeholder for a screen another engineer is building. */
export function PlaceholderScreen({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <section className="page container">
      <h1 className="page-title">{title}</h1>
      <div className="card">{children ?? <p className="muted">This screen is on its way.</p>}</div>
    </section>
  );
}
