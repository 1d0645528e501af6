import { useCallback, useState } from 'react';
import { API_BASE, readToken } from '../api/client.ts';

export const EXPORT_FAILED_MESSAGE = 'Unable to export tips right now. Please try again.';

function fileNameFrom(disposition: string | null): string {
  const match = disposition ? /filename="?([^";]+)"?/i.exec(disposition) : null;
  return match?.[1] ?? 'shabaash-tips.csv';
}

/** Downloads the creator's tips as CSV (GET /api/creator/export.csv with the bearer token) through a blob link. */
export function useCreatorExport() {
  const [isExporting, setExporting] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const exportCsv = useCallback(async () => {
    setExporting(true);
    setError(null);
    try {
      const token = readToken();
      const response = await fetch(`${API_BASE}/creator/export.csv`, {
        headers: token ? { Authorization: `Bearer ${token}` } : {},
        credentials: 'omit',
      });
      if (!response.ok) throw new Error(EXPORT_FAILED_MESSAGE);
      const blob = await response.blob();
      const url = URL.createObjectURL(blob);
      const link = document.createElement('a');
      link.href = url;
      link.download = fileNameFrom(response.headers.get('Content-Disposition'));
      document.body.append(link);
      link.click();
      link.remove();
      setTimeout(() => URL.revokeObjectURL(url), 10_000);
    } catch {
      setError(EXPORT_FAILED_MESSAGE);
    } finally {
      setExporting(false);
    }
  }, []);

  return { exportCsv, isExporting, error };
}
