import type { ReactNode } from "react";
import styles from "./data-table.module.css";
import { TableRegion } from "./table-region";

/** A column's header; a numeric column's header is right-aligned, as its cells are. */
export interface DataColumn {
  label: string;
  numeric?: boolean;
}

/**
 * A table of figures in a region that scrolls sideways on a narrow screen (the operator console, /fairness): `label`
 * names the region (and, with `captioned`, captions the table for screen readers), `columns` make the header row,
 * `children` are the body's rows. A feature gives its own classes, composed from data-table.module.css.
 */
export function DataTable({
  label,
  columns,
  captioned = false,
  className = styles.table,
  wrapClassName = styles.wrap,
  children,
}: {
  label: string;
  columns: DataColumn[];
  captioned?: boolean;
  className?: string;
  wrapClassName?: string;
  children: ReactNode;
}) {
  return (
    <TableRegion className={wrapClassName} label={label}>
      <table className={className}>
        {captioned && <caption className="visually-hidden">{label}</caption>}
        <thead>
          <tr>
            {columns.map((column) => (
              <th key={column.label} scope="col" className={column.numeric ? styles.number : undefined}>
                {column.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </TableRegion>
  );
}
