import { useState } from 'react';
import { copyText } from './clipboard.ts';

/** A secret shown once, right after it was made: read-only, copyable, gone when dismissed. */
export function SecretOnce({ label, secret, onDone }: { label: string; secret: string; onDone: () => void }) {
  const [copied, setCopied] = useState(false);
  const id = `secret-${label.replace(/\W+/g, '-').toLowerCase()}`;
  return (
    <div className="dev-secret" role="status">
      <label htmlFor={id}>{label}</label>
      <p className="muted small">Copy it now: it will not be shown again.</p>
      <div className="dev-row">
        <input id={id} readOnly value={secret} onFocus={(e) => e.currentTarget.select()} />
        <button
          type="button"
          className="button button-secondary"
          onClick={() => void copyText(secret).then((result) => setCopied(result.ok))}
        >
          {copied ? 'Copied' : 'Copy'}
        </button>
      </div>
      <button type="button" className="button button-ghost button-small" onClick={onDone}>
        Done
      </button>
    </div>
  );
}
