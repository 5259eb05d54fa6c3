import { PenSquare } from 'lucide-react';
import { Button } from '../../components/button';

export interface MessagesHeaderProps {
  unread: number;
  onReadAll: () => void;
  onCompose: () => void;
}

/** The page title with the unread count, "Mark all read" and "New message". */
export function MessagesHeader({ unread, onReadAll, onCompose }: MessagesHeaderProps) {
  return (
    <div className="flex flex-wrap items-end justify-between gap-3">
      <div>
        <h1 className="text-2xl font-bold tracking-tight text-slate-900">Messages</h1>
        <p className="mt-1 text-sm text-slate-700">
          {unread === 0 ? 'Nothing unread.' : `${unread} unread in your inbox.`}
        </p>
      </div>
      <div className="flex flex-wrap gap-2">
        {unread > 0 && (
          <Button variant="secondary" onClick={onReadAll}>
            Mark all read
          </Button>
        )}
        <Button onClick={onCompose}>
          <PenSquare className="size-4" aria-hidden="true" /> New message
        </Button>
      </div>
    </div>
  );
}
