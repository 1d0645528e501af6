/** The Shabaash mark and word; decorative mark, the word is the accessible name. */
export function Logo({ compact = false }: { compact?: boolean }) {
  return (
    <span className="logo">
      <svg
        className="logo-mark"
        viewBox="0 0 64 64"
        width="28"
        height="28"
        aria-hidden="true"
        focusable="false"
      >
        <defs>
          <linearGradient id="logo-g" x1="0" y1="0" x2="1" y2="1">
            <stop offset="0" stopColor="#ff5c5c" />
            <stop offset="1" stopColor="#7c3aed" />
          </linearGradient>
        </defs>
        <rect width="64" height="64" rx="14" fill="url(#logo-g)" />
        <path
          d="M17 15h30a7 7 0 0 1 7 7v14a7 7 0 0 1-7 7H30l-12 9 2-9h-3a7 7 0 0 1-7-7V22a7 7 0 0 1 7-7z"
          fill="#fff"
        />
        <path d="M32 19c1 6 3 8 8 9-5 1-7 3-8 9-1-6-3-8-8-9 5-1 7-3 8-9z" fill="#c94a9a" />
      </svg>
      {!compact && <span className="logo-word">Shabaash</span>}
    </span>
  );
}
