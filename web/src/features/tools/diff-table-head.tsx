import type { TDiffLayout } from './use-diff-rows';

export interface DiffTableHeadProps {
  layout: TDiffLayout;
}

/** Column widths and the (screen-reader) headings of the unified or side-by-side table. */
export function DiffTableHead({ layout }: DiffTableHeadProps) {
  if (layout === 'unified') {
    return (
      <>
        <colgroup>
          <col className="w-12 sm:w-14" />
          <col className="w-12 sm:w-14" />
          <col className="w-6" />
          <col />
        </colgroup>
        <thead className="sr-only">
          <tr>
            <th scope="col">Original line</th>
            <th scope="col">Changed line</th>
            <th scope="col">Change</th>
            <th scope="col">Text</th>
          </tr>
        </thead>
      </>
    );
  }
  return (
    <>
      <colgroup>
        <col className="w-10 sm:w-14" />
        <col />
        <col className="w-10 sm:w-14" />
        <col />
      </colgroup>
      <thead className="sr-only">
        <tr>
          <th scope="col">Original line</th>
          <th scope="col">Original text</th>
          <th scope="col">Changed line</th>
          <th scope="col">Changed text</th>
        </tr>
      </thead>
    </>
  );
}
