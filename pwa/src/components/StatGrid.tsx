import type { ReactNode } from 'react';
import './StatGrid.css';

/** A labelled group of small stat cards (two across on a phone, four from 720 px); `children` follow in the grid. */
export function StatGrid({
  label,
  stats,
  children,
}: {
  label: string;
  stats: ReadonlyArray<{ label: string; value: ReactNode; testId?: string }>;
  children?: ReactNode;
}) {
  return (
    <section aria-label={label} className="stat-grid">
      {stats.map((stat) => (
        <div className="card stat" key={stat.label}>
          <p className="muted small">{stat.label}</p>
          <p className="stat-value" data-testid={stat.testId}>
            {stat.value}
          </p>
        </div>
      ))}
      {children}
    </section>
  );
}
