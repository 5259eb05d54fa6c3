import clsx from 'clsx';
import type { TK8sObject } from '@stratum/core/contract/k8s/cluster';
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

function Cell({
  column,
  object,
  now,
}: {
  column: ResourceColumn;
  object: TK8sObject;
  now: number;
}) {
  const text = column.value(object, now);
  if (!column.isStatus) return text;
  return <span className={TONE_CLASSES[statusTone(text)]}>{text}</span>;
}

/**
 * kubectl's columns as a table from 768 px; below, each object is a card with its name as the
 * button and the other columns as label/value pairs, so nothing scrolls sideways on a phone.
 */
export function ResourceTable({ label, columns, objects, now, onOpen }: ResourceTableProps) {
  const [name, ...rest] = columns;
  if (!name) return null;
  const nameButton = (object: TK8sObject) => (
    <button
      type="button"
      onClick={() => onOpen(object)}
      className="text-left font-medium break-all text-brand-700 hover:underline"
    >
      {name.value(object, now)}
    </button>
  );
  return (
    <>
      <div className="hidden overflow-x-auto rounded-lg border border-slate-200 bg-white md:block">
        <table className="w-full text-left text-sm">
          <caption className="sr-only">{label}</caption>
          <thead className="border-b border-slate-200 bg-slate-50 text-xs text-slate-600 uppercase">
            <tr>
              {columns.map((column) => (
                <th
                  key={column.key}
                  scope="col"
                  className="px-3 py-2 font-medium whitespace-nowrap"
                >
                  {column.header}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {objects.map((object) => (
              <tr key={objectKey(object)} className="align-top hover:bg-slate-50">
                <td className="px-3 py-2">{nameButton(object)}</td>
                {rest.map((column) => (
                  <td
                    key={column.key}
                    className={clsx('px-3 py-2', column.isLong ? 'min-w-64' : 'whitespace-nowrap')}
                  >
                    <Cell column={column} object={object} now={now} />
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <ul aria-label={label} className="space-y-2 md:hidden">
        {objects.map((object) => (
          <li
            key={objectKey(object)}
            className="min-w-0 rounded-lg border border-slate-200 bg-white p-3 text-sm"
          >
            {nameButton(object)}
            <dl className="mt-2 grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1">
              {rest.map((column) => (
                <div key={column.key} className="contents">
                  <dt className="text-xs text-slate-600">{column.header}</dt>
                  <dd className="min-w-0 break-words text-slate-800">
                    <Cell column={column} object={object} now={now} />
                  </dd>
                </div>
              ))}
            </dl>
          </li>
        ))}
      </ul>
    </>
  );
}
