import { useCallback, useState } from 'react';
import { downloadFile } from '../api/download.ts';

/** Downloads the creator's tips as CSV (GET /api/creator/export.csv with the bearer token) through a blob link;
 * `failed` says the last export did not download (the screen words it). */
export function useCreatorExport() {
  const [isExporting, setExporting] = useState(false);
  const [failed, setFailed] = useState(false);

  const exportCsv = useCallback(async () => {
    setExporting(true);
    setFailed(false);
    try {
      await downloadFile('/creator/export.csv', 'shabaash-tips.csv');
    } catch {
      setFailed(true);
    } finally {
      setExporting(false);
    }
  }, []);

  return { exportCsv, isExporting, failed };
}
