import { DataTable, type DataTableProps } from './data-table';
import { Pagination } from './pagination';

/** One page of a server-paged list, as every staff list answers it. */
export interface TPage<T> {
  items: readonly T[];
  page: number;
  pageSize: number;
  total: number;
}

export interface PagedTableProps<T> extends Omit<DataTableProps<T>, 'rows'> {
  page: TPage<T>;
  onPageChange: (page: number) => void;
  /** What is being paged, e.g. "users". */
  unit: string;
}

/** A page of rows as a table (cards on a phone), with "Page 2 of 5 · 87 in all" below it. */
export function PagedTable<T>({ page, onPageChange, unit, ...table }: PagedTableProps<T>) {
  return (
    <>
      <DataTable {...table} rows={page.items} />
      <Pagination
        page={page.page}
        pageSize={page.pageSize}
        total={page.total}
        onPageChange={onPageChange}
        label={unit}
      />
    </>
  );
}
