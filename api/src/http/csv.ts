import type { Context } from 'koa';

/** What a CSV cell may hold; null is an empty cell. */
export type CsvValue = string | number | null;

/**
 * Leading characters that make a spreadsheet run a cell as a formula (OWASP CSV injection): = + - @, their
 * fullwidth forms ＝ ＋ － ＠ (Excel and LibreOffice read them as the ASCII ones), tab and carriage return.
 */
const FORMULA_START = /^[=+\-@\t\r＝＋－＠]/;

/**
 * One CSV cell as OWASP recommends: a value that starts like a formula is prefixed with ' (shown as text), and
 * every cell is wrapped in double quotes with its quotes doubled (commas and line breaks stay inside it).
 */
export function csvCell(value: CsvValue): string {
  const text = value === null ? '' : String(value);
  const guarded = FORMULA_START.test(text) ? `'${text}` : text;
  return `"${guarded.replace(/"/g, '""')}"`;
}

/**
 * A whole CSV file: one line per row (an empty row is a blank line), CRLF line ends, and a UTF-8 byte order
 * mark so that spreadsheets read ₹ and Indic names.
 */
export function csvDocument(rows: ReadonlyArray<ReadonlyArray<CsvValue>>): string {
  return `\ufeff${rows.map((cells) => cells.map(csvCell).join(',')).join('\r\n')}\r\n`;
}

/** Answers with a CSV download: every export of the API goes out through here. */
export function sendCsv(ctx: Context, filename: string, rows: ReadonlyArray<ReadonlyArray<CsvValue>>): void {
  ctx.set('Cache-Control', 'no-store');
  ctx.set('Content-Disposition', `attachment; filename="${filename}"`);
  ctx.set('Content-Type', 'text/csv; charset=utf-8');
  ctx.body = csvDocument(rows);
}
