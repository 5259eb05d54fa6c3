import type { TManagedNotice } from '@stratum/core/contract/notices/list-all-notices';
import type { TUpdateNoticeBody } from '@stratum/core/contract/notices/update-notice';
import { Badge } from '../../components/badge';
import { Button } from '../../components/button';

export interface NoticeStatusBadgeProps {
  notice: TManagedNotice;
}

/** Live, expired (active but past its end) or inactive. */
export function NoticeStatusBadge({ notice }: NoticeStatusBadgeProps) {
  if (notice.isLive) return <Badge tone="success">Live</Badge>;
  if (notice.isActive) return <Badge>Expired</Badge>;
  return <Badge tone="warning">Inactive</Badge>;
}

export interface NoticeRowActionsProps {
  notice: TManagedNotice;
  onEdit: () => void;
  onUpdate: (body: TUpdateNoticeBody) => void;
  onDelete: () => void;
}

/** A notice's row buttons for staff who manage notices: edit, (de)activate, expire, delete. */
export function NoticeRowActions({ notice, onEdit, onUpdate, onDelete }: NoticeRowActionsProps) {
  const name = <span className="sr-only"> {notice.title}</span>;
  return (
    <div className="flex flex-wrap gap-1.5">
      <Button size="sm" variant="secondary" onClick={onEdit}>
        Edit{name}
      </Button>
      <Button
        size="sm"
        variant="secondary"
        onClick={() => onUpdate({ isActive: !notice.isActive })}
      >
        {notice.isActive ? 'Deactivate' : 'Activate'}
        {name}
      </Button>
      {notice.isLive && (
        <Button
          size="sm"
          variant="secondary"
          onClick={() => onUpdate({ expiresAt: new Date().toISOString() })}
        >
          Expire{name}
        </Button>
      )}
      <Button size="sm" variant="ghost" className="text-red-700" onClick={onDelete}>
        Delete{name}
      </Button>
    </div>
  );
}
