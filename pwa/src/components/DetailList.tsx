import type { ReactNode } from 'react';

/** Terms with their values as a description list; each pair in its own `div` so a pair can be laid out as one. */
export function DetailList({
  items,
  className,
}: {
  items: ReadonlyArray<{ term: string; value: ReactNode; testId?: string }>;
  className?: string;
}) {
  return (
    <dl className={className}>
      {items.map((item) => (
        <div key={item.term}>
          <dt>{item.term}</dt>
          <dd data-testid={item.testId}>{item.value}</dd>
        </div>
      ))}
    </dl>
  );
}
