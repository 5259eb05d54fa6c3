import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import type { TManagedNotice } from '@stratum/core/contract/notices/list-all-notices';
import { ZSiteNoticeFields } from '@stratum/core/contract/notices/site-notice';
import { NOTICE_LIMITS, NOTICE_TYPES, noticePriorityLabel } from '@stratum/core/notices';
import { Button } from '../../components/button';
import { CheckboxField } from '../../components/checkbox-field';
import { Dialog } from '../../components/dialog';
import { SelectField } from '../../components/select-field';
import { TextareaField } from '../../components/textarea-field';
import { TextField } from '../../components/text-field';
import { isoToLocalInput, localInputToIso } from '../../lib/format-date';
import { zWholeText } from '../../lib/form-schemas';
import { useCreateNotice, useUpdateNotice } from './api/save-notice';

export interface NoticeFormDialogProps {
  /** The notice to edit; a new one when null. */
  notice: TManagedNotice | null;
  onClose: () => void;
}

/** The contract's fields, with the priority and expiry as the inputs hold them. */
const ZNoticeForm = ZSiteNoticeFields.extend({
  priority: zWholeText(NOTICE_LIMITS.priorityMin, NOTICE_LIMITS.priorityMax),
  expiresAt: z.string().transform((value) => localInputToIso(value)),
});
type TNoticeFormInput = z.input<typeof ZNoticeForm>;
type TNoticeFormOutput = z.output<typeof ZNoticeForm>;

const TYPE_OPTIONS = NOTICE_TYPES.map((t) => ({
  value: t,
  label: t[0]!.toUpperCase() + t.slice(1),
}));

/** §3 Site notice: title, message, type, priority, dismissible, active, expiry. */
export function NoticeFormDialog({ notice, onClose }: NoticeFormDialogProps) {
  const ui = {
    success: notice ? 'Notice saved' : 'Notice created',
    failure: 'The notice could not be saved',
    onDone: onClose,
  };
  const create = useCreateNotice(ui);
  const update = useUpdateNotice(ui);
  const form = useForm<TNoticeFormInput, unknown, TNoticeFormOutput>({
    resolver: zodResolver(ZNoticeForm),
    defaultValues: {
      title: notice?.title ?? '',
      message: notice?.message ?? '',
      type: notice?.type ?? 'info',
      priority: String(notice?.priority ?? 0),
      dismissible: notice?.dismissible ?? true,
      isActive: notice?.isActive ?? true,
      expiresAt: isoToLocalInput(notice?.expiresAt),
    },
  });
  const { errors } = form.formState;
  const priority = Number(form.watch('priority'));

  const handleSubmit = form.handleSubmit((body) =>
    notice ? update.mutate({ id: notice.id, body }) : create.mutate(body),
  );

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
          <Button type="submit" form={formId} isLoading={create.isPending || update.isPending}>
            {notice ? 'Save notice' : 'Create notice'}
          </Button>
        </>
      }
    >
      <form
        id={formId}
        noValidate
        onSubmit={(e) => void handleSubmit(e)}
        className="grid gap-4 sm:grid-cols-2"
      >
        <TextField
          label="Title"
          className="sm:col-span-2"
          maxLength={NOTICE_LIMITS.titleMax}
          error={errors.title?.message}
          {...form.register('title')}
        />
        <TextareaField
          label="Message"
          className="sm:col-span-2"
          maxLength={NOTICE_LIMITS.messageMax}
          error={errors.message?.message}
          {...form.register('message')}
        />
        <SelectField label="Type" options={TYPE_OPTIONS} {...form.register('type')} />
        <TextField
          label="Priority"
          inputMode="numeric"
          error={errors.priority?.message}
          hint={
            Number.isInteger(priority)
              ? `Shown as ${noticePriorityLabel(priority)}; higher shows first.`
              : undefined
          }
          {...form.register('priority')}
        />
        <TextField
          label="Expires (optional)"
          type="datetime-local"
          className="sm:col-span-2"
          hint="Empty: shown until deactivated."
          {...form.register('expiresAt')}
        />
        <CheckboxField label="Users may dismiss it" {...form.register('dismissible')} />
        <CheckboxField label="Active" {...form.register('isActive')} />
      </form>
    </Dialog>
  );
}
