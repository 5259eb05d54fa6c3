import { ShieldCheck } from 'lucide-react';
import type { ReactNode } from 'react';

export interface LocalOnlyNoteProps {
  children?: ReactNode;
}

/** Says where the work happens: in this browser tab, never on the server. */
export function LocalOnlyNote({ children }: LocalOnlyNoteProps) {
  return (
    <p className="flex items-start gap-2 rounded-md border border-green-200 bg-green-50 px-3 py-2 text-sm text-green-900">
      <ShieldCheck className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
      <span>
        <strong className="font-semibold">Runs in your browser.</strong> Nothing you paste or open
        here is sent to the server or stored.{children ? <> {children}</> : null}
      </span>
    </p>
  );
}
