import type { ReactNode } from 'react';

/** A column heading; `hideNarrow` drops the column on phones. */
export type AdminColumn = ReactNode | { label: ReactNode; hideNarrow: true };

const isNarrowHidden = (column: AdminColumn): column is { label: ReactNode; hideNarrow: true } =>
  typeof column === 'object' && column !== null && 'hideNarrow' in column;

/** The list table of the admin screens: headings, an optional unlabelled actions column, and the rows. */
export function AdminTable({
  columns,
  actions = true,
  children,
  empty,
}: {
  columns: AdminColumn[];
  actions?: boolean;
  children: ReactNode;
  /** Shown under the table, e.g. when it has no rows. */
  empty?: ReactNode;
}) {
  return (
    <div className="table-wrap">
      <table className="admin-table">
        <thead>
          <tr>
            {columns.map((column, index) =>
              isNarrowHidden(column) ? (
                <th key={index} className="hide-narrow">
                  {column.label}
                </th>
              ) : (
                <th key={index}>{column}</th>
              ),
            )}
            {actions && (
              <th>
                <span className="visually-hidden">Actions</span>
              </th>
            )}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
      {empty}
    </div>
  );
}
