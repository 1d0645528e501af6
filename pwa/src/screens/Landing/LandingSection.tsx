import type { ReactNode } from 'react';

/** One titled section of the landing page: an eyebrow, an h2 (its accessible name) and the content. */
export function LandingSection({
  id,
  eyebrow,
  title,
  alt = false,
  children,
}: {
  id: string;
  eyebrow: string;
  title: string;
  /** The tinted background that alternates down the page. */
  alt?: boolean;
  children: ReactNode;
}) {
  return (
    <section id={id} className={alt ? 'section section-alt' : 'section'} aria-labelledby={`${id}-title`}>
      <div className="container">
        <p className="eyebrow">{eyebrow}</p>
        <h2 id={`${id}-title`} className="section-title">
          {title}
        </h2>
        {children}
      </div>
    </section>
  );
}
