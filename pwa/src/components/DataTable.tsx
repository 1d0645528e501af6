import type { ReactNode } from 'react';

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

/** A table of rows under column headers, one cell per column. */
export function DataTable<Row>({
  columns,
  rows,
  rowKey,
  rowTestId,
  className,
  label,
}: {
  columns: ReadonlyArray<Column<Row>>;
  rows: readonly Row[];
  rowKey(row: Row): string;
  /** Each row's data-testid. */
  rowTestId?: string;
  className?: string;
  /** The table's accessible name, when no caption or region names it. */
  label?: string;
}) {
  return (
    <table className={className} aria-label={label}>
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
  );
}
