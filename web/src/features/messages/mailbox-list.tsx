import type { UseQueryResult } from '@tanstack/react-query';
import clsx from 'clsx';
import type { TMessage, TMessageBox } from '@stratum/core/contract/messages/message';
import type { listMessages } from '@stratum/core/contract/messages/list-messages';
import { CheckboxField } from '../../components/checkbox-field';
import { FormMessage } from '../../components/form-message';
import { Pagination } from '../../components/pagination';
import type { ResponseOf } from '../../lib/api-client';
import { MessageList } from './message-list';

export interface MailboxListProps {
  box: TMessageBox;
  result: UseQueryResult<ResponseOf<typeof listMessages>>;
  selected: TMessage | null;
  isUnreadOnly: boolean;
  onUnreadOnlyChange: (isUnreadOnly: boolean) => void;
  onOpen: (message: TMessage) => void;
  onPageChange: (page: number) => void;
}

/** One box's page of messages with the unread filter (inbox) and paging. */
export function MailboxList({
  box,
  result,
  selected,
  isUnreadOnly,
  onUnreadOnlyChange,
  onOpen,
  onPageChange,
}: MailboxListProps) {
  return (
    <div className={clsx('min-w-0', selected && 'hidden lg:block')}>
      {box === 'inbox' && (
        <CheckboxField
          label="Unread only"
          className="mb-3"
          checked={isUnreadOnly}
          onChange={(e) => onUnreadOnlyChange(e.target.checked)}
        />
      )}
      {result.isError && !result.data && <FormMessage>Messages could not be loaded.</FormMessage>}
      {result.data && (
        <>
          <MessageList
            box={box}
            messages={result.data.data.items}
            selectedId={selected?.id ?? null}
            onOpen={onOpen}
          />
          <Pagination
            page={result.data.data.page}
            pageSize={result.data.data.pageSize}
            total={result.data.data.total}
            onPageChange={onPageChange}
            label="messages"
          />
        </>
      )}
    </div>
  );
}
