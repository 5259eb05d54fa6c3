export interface ResultGridProps {
  columns: { name: string; type: string }[];
  rows: (string | null)[][];
}

/** The rows as PostgreSQL printed them; NULL is shown apart from an empty string. */
export function ResultGrid({ columns, rows }: ResultGridProps) {
  return (
    <div className="max-h-[28rem] overflow-auto rounded-md border border-slate-200">
      <table className="min-w-full text-left font-mono text-xs" aria-label="Query result">
        <thead className="sticky top-0 bg-slate-50">
          <tr>
            {columns.map((column, i) => (
              <th
                key={`${column.name}-${i}`}
                scope="col"
                className="border-b border-slate-200 px-2 py-1.5 align-bottom whitespace-nowrap"
              >
                <span className="block font-semibold text-slate-900">{column.name}</span>
                <span className="block font-normal text-slate-600">{column.type}</span>
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {rows.map((row, r) => (
            <tr key={r} className="hover:bg-slate-50">
              {row.map((cell, c) => (
                <td
                  key={c}
                  className="max-w-[24rem] truncate px-2 py-1 align-top"
                  title={cell ?? 'NULL'}
                >
                  {cell === null ? (
                    <span className="rounded bg-slate-100 px-1 text-slate-500 italic">NULL</span>
                  ) : (
                    cell
                  )}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
