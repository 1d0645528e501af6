import { useId, useState, type FormEvent } from 'react';
import { FormStatus } from '../../components/FormStatus.tsx';
import { useDownload } from '../../hooks/useDownload.ts';
import { useT } from '../../i18n/i18n.tsx';

const IST_OFFSET_MS = 5.5 * 60 * 60_000;

/** The Indian financial year (its starting year) and quarter (1 = April–June) of an instant, IST. */
export function currentQuarter(now = new Date()): { fy: number; quarter: 1 | 2 | 3 | 4 } {
  const ist = new Date(now.getTime() + IST_OFFSET_MS);
  const month = ist.getUTCMonth();
  return {
    fy: ist.getUTCFullYear() - (month < 3 ? 1 : 0),
    quarter: (Math.floor(((month + 9) % 12) / 3) + 1) as 1 | 2 | 3 | 4,
  };
}

const fyLabel = (fy: number) => `${fy}-${String((fy + 1) % 100).padStart(2, '0')}`;

/**
 * The 194-O exports: a quarter's deductions in Form 26Q's columns, and one creator's Form 16A data sheet (the
 * creator's id, from Find). Each download is audited by the API; they are the only files with a creator's PAN.
 */
export function TdsExports() {
  const { t } = useT();
  const ids = useId();
  const now = currentQuarter();
  const [fy, setFy] = useState(now.fy);
  const [quarter, setQuarter] = useState<number>(now.quarter);
  const [creator, setCreator] = useState('');
  const { download, error } = useDownload(t('ops.tds.exportFailed'));
  const query = `fy=${fy}&quarter=${quarter}`;
  const on16a = (event: FormEvent) => {
    event.preventDefault();
    const id = creator.trim();
    void download(
      `/ops/tds/16a.csv?${query}&creator=${encodeURIComponent(id)}`,
      `shabaash-16a-${fyLabel(fy)}-q${quarter}.csv`,
    );
  };
  return (
    <>
      <h3 id={`${ids}-title`}>{t('ops.tds.title')}</h3>
      <p className="muted small">{t('ops.tds.hint')}</p>
      <div className="button-row">
        <label>
          {t('ops.tds.fy')}{' '}
          <select value={fy} onChange={(e) => setFy(Number(e.target.value))}>
            {[now.fy, now.fy - 1, now.fy - 2].map((y) => (
              <option key={y} value={y}>
                {fyLabel(y)}
              </option>
            ))}
          </select>
        </label>
        <label>
          {t('ops.tds.quarter')}{' '}
          <select value={quarter} onChange={(e) => setQuarter(Number(e.target.value))}>
            {([1, 2, 3, 4] as const).map((q) => (
              <option key={q} value={q}>
                {t(`ops.tds.q${q}`)}
              </option>
            ))}
          </select>
        </label>
        <button
          type="button"
          className="button button-secondary"
          onClick={() =>
            void download(`/ops/tds/26q.csv?${query}`, `shabaash-26q-${fyLabel(fy)}-q${quarter}.csv`)
          }
        >
          {t('ops.tds.download26q')}
        </button>
      </div>
      <form className="button-row" onSubmit={on16a}>
        <label htmlFor={`${ids}-creator`}>{t('ops.tds.creator')}</label>
        <input
          id={`${ids}-creator`}
          value={creator}
          onChange={(e) => setCreator(e.target.value)}
          required
          autoComplete="off"
          spellCheck={false}
        />
        <button type="submit" className="button button-secondary">
          {t('ops.tds.download16a')}
        </button>
      </form>
      <FormStatus error={error} />
    </>
  );
}
