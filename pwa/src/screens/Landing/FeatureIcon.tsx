const PATHS = {
  wallet:
    'M3 7a2 2 0 0 1 2-2h12v3H5m-2-1v11a2 2 0 0 0 2 2h14a1 1 0 0 0 1-1v-3m0-6V9a1 1 0 0 0-1-1H5m15 4h-4a2 2 0 0 0 0 4h4z',
  bolt: 'M13 2 4 14h7l-1 8 9-12h-7z',
  shield: 'M12 3 4 6v6c0 4.5 3.4 8.3 8 9 4.6-.7 8-4.5 8-9V6zm-3.5 9 2.5 2.5 4.5-5',
  video: 'M3 6h12a1 1 0 0 1 1 1v10a1 1 0 0 1-1 1H3a1 1 0 0 1-1-1V7a1 1 0 0 1 1-1zm13 5 6-4v10l-6-4',
  chart: 'M4 20V10m6 10V4m6 16v-7m4 7H2',
  phone: 'M8 2h8a2 2 0 0 1 2 2v16a2 2 0 0 1-2 2H8a2 2 0 0 1-2-2V4a2 2 0 0 1 2-2zm3 17h2',
} as const;

export type FeatureIconName = keyof typeof PATHS;

/** A 24px line icon for the landing feature grid (inline SVG: no emoji font or image request needed). */
export function FeatureIcon({ name }: { name: FeatureIconName }) {
  return (
    <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false">
      <path
        d={PATHS[name]}
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}
