import type { Segment } from '@stratum/core/tools/diff/word-diff';

export interface LineTextProps {
  text: string;
  /** Words to highlight inside a changed line, if it has a partner to compare with. */
  segments: Segment[] | null;
  side: 'removed' | 'added';
}

/** A line's text; changed words are <del>/<ins>, so they are announced as well as coloured. */
export function LineText({ text, segments, side }: LineTextProps) {
  if (!segments) return <>{text}</>;
  return (
    <>
      {segments.map((segment, i) => {
        if (!segment.isChanged) return <span key={i}>{segment.text}</span>;
        return side === 'removed' ? (
          <del key={i} className="rounded-sm bg-red-200 text-red-950 no-underline">
            {segment.text}
          </del>
        ) : (
          <ins key={i} className="rounded-sm bg-green-200 text-green-950 no-underline">
            {segment.text}
          </ins>
        );
      })}
    </>
  );
}
