export interface TokenPartsProps {
  token: string;
}

const COLOURS = [
  'text-rose-700',
  'text-violet-700',
  'text-sky-700',
  'text-teal-700',
  'text-amber-800',
];
const NAMES = ['header', 'payload', 'signature'];

/** The token with each part in its own colour, as decoded below. */
export function TokenParts({ token }: TokenPartsProps) {
  const parts = token.split('.');
  return (
    <div className="space-y-1.5">
      <p className="font-mono text-[13px] leading-5 break-all">
        {parts.map((part, i) => (
          <span key={i}>
            {i > 0 && <span className="text-slate-500">.</span>}
            <span className={COLOURS[i % COLOURS.length]}>{part}</span>
          </span>
        ))}
      </p>
      {parts.length === 3 && (
        <p className="flex flex-wrap gap-x-3 text-xs text-slate-600" aria-hidden="true">
          {NAMES.map((name, i) => (
            <span key={name} className="inline-flex items-center gap-1">
              <span className={`size-2 rounded-full bg-current ${COLOURS[i]!}`} />
              {name}
            </span>
          ))}
        </p>
      )}
    </div>
  );
}
