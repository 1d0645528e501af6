import { useCallback, useState } from 'react';
import { downloadFile } from '../api/download.ts';

export const EXPORT_FAILED_MESSAGE = 'Unable to export tips right now. Please try again.';

/** Downloads the creator's tips as CSV (GET /api/creator/export.csv with the bearer token) through a blob link. */
export function useCreatorExport() {
  const [isExporting, setExporting] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const exportCsv = useCallback(async () => {
    setExporting(true);
    setError(null);
    try {
      await downloadFile('/creator/export.csv', 'shabaash-tips.csv');
    } catch {
      setError(EXPORT_FAILED_MESSAGE);
    } finally {
      setExporting(false);
    }
  }, []);

  return { exportCsv, isExporting, error };
}
