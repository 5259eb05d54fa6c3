import type { TK8sObject } from '@stratum/core/contract/k8s/cluster';
import { DataTable, type DataTableColumn } from '../../components/data-table';
import { objectKey } from './k8s-object';
import { statusTone } from './pod-status';
import type { ResourceColumn } from './resource-columns';

export interface ResourceTableProps {
  label: string;
  columns: readonly ResourceColumn[];
  objects: readonly TK8sObject[];
  now: number;
  onOpen: (object: TK8sObject) => void;
}

const TONE_CLASSES = {
  ok: 'text-green-800',
  pending: 'text-amber-800',
  bad: 'font-medium text-red-700',
  neutral: 'text-slate-800',
} as const;

/**
 * kubectl's columns as the shared data table: a table from 768 px, and below that one card per
 * object with its name as the button that opens it, so nothing scrolls sideways on a phone.
 */
export function ResourceTable({ label, columns, objects, now, onOpen }: ResourceTableProps) {
  const [name] = columns;
  if (!name) return null;
  const tableColumns = columns.map((column): DataTableColumn<TK8sObject> => {
    if (column === name) {
      return {
        key: column.key,
        header: column.header,
        cell: (object) => (
          <button
            type="button"
            onClick={() => onOpen(object)}
            className="text-left font-medium break-all text-brand-700 hover:underline"
          >
            {column.value(object, now)}
          </button>
        ),
      };
    }
    return {
      key: column.key,
      header: column.header,
      // Event messages wrap; every other value stays on one line, as kubectl prints it.
      className: column.isLong ? 'min-w-64' : 'whitespace-nowrap',
      cell: (object) => {
        const text = column.value(object, now);
        return column.isStatus ? (
          <span className={TONE_CLASSES[statusTone(text)]}>{text}</span>
        ) : (
          text
        );
      },
    };
  });
  return (
    <DataTable
      label={label}
      columns={tableColumns}
      rows={objects}
      rowKey={objectKey}
      titleColumn={name.key}
    />
  );
}
