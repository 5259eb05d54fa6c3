import { useState, type FormEvent } from 'react';
import { createNotice } from '@stratum/core/contract/notices/create-notice';
import type { TManagedNotice } from '@stratum/core/contract/notices/list-all-notices';
import { updateNotice } from '@stratum/core/contract/notices/update-notice';
import {
  NOTICE_LIMITS,
  NOTICE_TYPES,
  noticePriorityLabel,
  type TNoticeType,
} from '@stratum/core/notices';
import { Button } from '../../components/button';
import { CheckboxField } from '../../components/checkbox-field';
import { Dialog } from '../../components/dialog';
import { SelectField } from '../../components/select-field';
import { TextareaField } from '../../components/textarea-field';
import { TextField } from '../../components/text-field';
import { callApi } from '../../lib/api-client';
import { isoToLocalInput, localInputToIso } from '../../lib/format-date';
import { parseWhole } from './admin-text';
import { useAdminMutation } from './use-admin-mutation';

export interface NoticeFormDialogProps {
  /** The notice to edit; a new one when null. */
  notice: TManagedNotice | null;
  onClose: () => void;
}

interface Fields {
  title: string;
  message: string;
  type: TNoticeType;
  priority: number;
  dismissible: boolean;
  isActive: boolean;
  expiresAt: string | null;
}

type Errors = Partial<Record<'title' | 'message' | 'priority', string>>;

/** §3 Site notice: title, message, type, priority, dismissible, active, expiry. */
export function NoticeFormDialog({ notice, onClose }: NoticeFormDialogProps) {
  const [title, setTitle] = useState(notice?.title ?? '');
  const [message, setMessage] = useState(notice?.message ?? '');
  const [type, setType] = useState<TNoticeType>(notice?.type ?? 'info');
  const [priority, setPriority] = useState(String(notice?.priority ?? 0));
  const [dismissible, setDismissible] = useState(notice?.dismissible ?? true);
  const [isActive, setIsActive] = useState(notice?.isActive ?? true);
  const [expiresAt, setExpiresAt] = useState(isoToLocalInput(notice?.expiresAt));
  const [errors, setErrors] = useState<Errors>({});
  const save = useAdminMutation({
    run: (body: Fields) =>
      notice
        ? callApi(updateNotice, { params: { id: notice.id }, body })
        : callApi(createNotice, { body }),
    success: notice ? 'Notice saved' : 'Notice created',
    failure: 'The notice could not be saved',
    invalidate: [['admin', 'notices'], ['site-notices'], ['admin', 'audit']],
    onDone: onClose,
  });

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const p = parseWhole(priority, NOTICE_LIMITS.priorityMin, NOTICE_LIMITS.priorityMax);
    const next: Errors = {
      title: title.trim() ? undefined : 'Enter a title',
      message: message.trim() ? undefined : 'Enter a message',
      priority: p.error,
    };
    setErrors(next);
    if (Object.values(next).some(Boolean) || p.value === undefined) return;
    save.mutate({
      title: title.trim(),
      message: message.trim(),
      type,
      priority: p.value,
      dismissible,
      isActive,
      expiresAt: localInputToIso(expiresAt),
    });
  };

  const parsedPriority = Number(priority);
  const formId = 'notice-form';
  return (
    <Dialog
      isOpen
      onOpenChange={(isOpen) => !isOpen && onClose()}
      title={notice ? 'Edit site notice' : 'New site notice'}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" form={formId} isLoading={save.isPending}>
            {notice ? 'Save notice' : 'Create notice'}
          </Button>
        </>
      }
    >
      <form id={formId} noValidate onSubmit={handleSubmit} className="grid gap-4 sm:grid-cols-2">
        <TextField
          label="Title"
          className="sm:col-span-2"
          maxLength={NOTICE_LIMITS.titleMax}
          value={title}
          error={errors.title}
          onChange={(e) => setTitle(e.target.value)}
        />
        <TextareaField
          label="Message"
          className="sm:col-span-2"
          maxLength={NOTICE_LIMITS.messageMax}
          value={message}
          error={errors.message}
          onChange={(e) => setMessage(e.target.value)}
        />
        <SelectField
          label="Type"
          options={NOTICE_TYPES.map((t) => ({ value: t, label: t[0]!.toUpperCase() + t.slice(1) }))}
          value={type}
          onChange={(e) => setType(e.target.value as TNoticeType)}
        />
        <TextField
          label="Priority"
          inputMode="numeric"
          value={priority}
          error={errors.priority}
          hint={
            Number.isInteger(parsedPriority)
              ? `Shown as ${noticePriorityLabel(parsedPriority)}; higher shows first.`
              : undefined
          }
          onChange={(e) => setPriority(e.target.value)}
        />
        <TextField
          label="Expires (optional)"
          type="datetime-local"
          className="sm:col-span-2"
          value={expiresAt}
          hint="Empty: shown until deactivated."
          onChange={(e) => setExpiresAt(e.target.value)}
        />
        <CheckboxField
          label="Users may dismiss it"
          checked={dismissible}
          onChange={(e) => setDismissible(e.target.checked)}
        />
        <CheckboxField
          label="Active"
          checked={isActive}
          onChange={(e) => setIsActive(e.target.checked)}
        />
      </form>
    </Dialog>
  );
}
