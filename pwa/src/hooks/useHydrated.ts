import { useEffect, useState } from 'react';

/**
 * False during the server prerender and the first client render, true once React owns the page. Submit buttons of
 * prerendered forms stay disabled until then, so a tap before hydration cannot submit the form natively (a GET
 * that would put the typed password in the URL and lose the input).
 */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated;
}
