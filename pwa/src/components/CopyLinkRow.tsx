import { useState } from 'react';
import { LIMITS } from '@shabaash/shared';
import { useTransient } from '../hooks/useTransient.ts';
import { copyText } from '../lib/clipboard.ts';
import { FormStatus } from './FormStatus.tsx';
import './CopyLinkRow.css';

/**
 * A link in a read-only field (selected on focus) with its Copy button, which reads `copiedLabel` for a moment
 * after a copy; a refused copy says why (the spec's clipboard messages).
 */
export function CopyLinkRow({
  link,
  fieldLabel,
  copyLabel,
  copiedLabel,
}: {
  link: string;
  /** The field's accessible name. */
  fieldLabel: string;
  copyLabel: string;
  copiedLabel: string;
}) {
  const [copied, flashCopied] = useTransient<true>(LIMITS.copyConfirmMs);
  const [error, setError] = useState<string | null>(null);

  async function handleCopy() {
    const result = await copyText(link);
    if (!result.ok) return setError(result.message);
    setError(null);
    flashCopied(true);
  }

  return (
    <>
      <div className="copy-link-row">
        <input
          className="copy-link"
          readOnly
          value={link}
          aria-label={fieldLabel}
          onFocus={(e) => e.target.select()}
        />
        <button type="button" className="button button-secondary" onClick={() => void handleCopy()}>
          {copied ? copiedLabel : copyLabel}
        </button>
      </div>
      <FormStatus error={error} />
    </>
  );
}
