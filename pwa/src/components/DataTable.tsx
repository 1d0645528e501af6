import type { ReactNode } from 'react';
import './DataTable.css';

/** A table's column: its header and what each row shows in it. */
export interface Column<Row> {
  header: ReactNode;
  cell(row: Row): ReactNode;
  /** The cell's data-testid. */
  testId?: string;
}

/** A header row of column headers (`th scope="col"`). */
export function TableHead({ headers }: { headers: readonly ReactNode[] }) {
  return (
    <thead>
      <tr>
        {headers.map((header, i) => (
          <th key={i} scope="col">
            {header}
          </th>
        ))}
      </tr>
    </thead>
  );
}

export interface DataTableProps<Row> {
  columns: ReadonlyArray<Column<Row>>;
  rows: readonly Row[];
  rowKey(row: Row): string;
  /** Each row's data-testid. */
  rowTestId?: string;
  /** The table's accessible name, when nothing around it names it. */
  label?: string;
  region?: string;
}

/**
 * A table of rows under column headers, one cell per column, that scrolls sideways on a narrow screen (in a
 * focusable region named `region` when given, so a keyboard can scroll it).
 */
export function DataTable<Row>({ columns, rows, rowKey, rowTestId, label, region }: DataTableProps<Row>) {
  const scroll = region ? { role: 'region', 'aria-label': region, tabIndex: 0 } : {};
  return (
    <div className="data-table-scroll" {...scroll}>
      <table className="data-table" aria-label={label}>
        <TableHead headers={columns.map((column) => column.header)} />
        <tbody>
          {rows.map((row) => (
            <tr key={rowKey(row)} data-testid={rowTestId}>
              {columns.map((column, i) => (
                <td key={i} data-testid={column.testId}>
                  {column.cell(row)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
