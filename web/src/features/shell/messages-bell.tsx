import { Bell } from 'lucide-react';
import { Link } from 'react-router';
import { formatUnreadBadge, useUnreadCount } from './use-unread-count';

export function MessagesBell() {
  const count = useUnreadCount() ?? 0;
  const badge = formatUnreadBadge(count);
  const label = count === 0 ? 'Messages, none unread' : `Messages, ${count} unread`;
  return (
    <Link
      to="/messages"
      aria-label={label}
      title={label}
      className="relative inline-flex size-9 items-center justify-center rounded-md text-slate-700 hover:bg-slate-100"
    >
      <Bell className="size-5" aria-hidden="true" />
      {badge && (
        <span
          aria-hidden="true"
          className="absolute -top-0.5 -right-0.5 min-w-5 rounded-full bg-red-600 px-1 text-center text-[11px] leading-5 font-semibold text-white"
        >
          {badge}
        </span>
      )}
    </Link>
  );
}
