import { useState } from 'react';
import { downloadFile } from '../api/download.ts';

/**
 * A file the API answers (a CSV export) saved through the browser: `download(path, name)` fetches it with the
 * session's token, and `error` holds `failedText` after a failed download until the next attempt.
 */
export function useDownload(failedText: string) {
  const [error, setError] = useState<string | null>(null);
  const download = async (path: string, name: string) => {
    setError(null);
    try {
      await downloadFile(path, name);
    } catch {
      setError(failedText);
    }
  };
  return { download, error };
}
