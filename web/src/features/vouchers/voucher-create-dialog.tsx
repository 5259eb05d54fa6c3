import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { ZCreateVoucherBody } from '@stratum/core/contract/vouchers/create-voucher';
import {
  formatVoucherCode,
  generateVoucherCode,
  normalizeVoucherCode,
  VOUCHER_LIMITS,
  VOUCHER_MSG,
} from '@stratum/core/vouchers';
import { Button } from '../../components/button';
import { Dialog } from '../../components/dialog';
import { SelectField } from '../../components/select-field';
import { TextField } from '../../components/text-field';
import { localInputToIso } from '../../lib/format-date';
import { zWholeText } from '../../lib/form-schemas';
import { PAID_PLAN_OPTIONS } from '../../lib/plan-options';
import { useCreateVoucher } from './api/manage-voucher';

export interface VoucherCreateDialogProps {
  onClose: () => void;
}

/** The contract's body as the inputs hold it: numbers as text, the expiry as local time. */
const ZVoucherForm = ZCreateVoucherBody.extend({
  code: z.string().refine((v) => normalizeVoucherCode(v) !== undefined, VOUCHER_MSG.invalidFormat),
  credits: zWholeText(0, VOUCHER_LIMITS.maxCredits),
  duration: zWholeText(1, VOUCHER_LIMITS.maxDurationDays),
  usageLimit: zWholeText(1, VOUCHER_LIMITS.maxUsageLimit),
  expiresAt: z
    .string()
    .transform((value) => localInputToIso(value))
    .refine(
      (iso) => iso === null || new Date(iso).getTime() > Date.now(),
      'Choose a time in the future, or leave it empty',
    ),
});
type TVoucherFormInput = z.input<typeof ZVoucherForm>;
type TVoucherFormOutput = z.output<typeof ZVoucherForm>;

const newCode = () => formatVoucherCode(generateVoucherCode());

/** A new voucher: the code is generated (§9 format) and may be regenerated or typed. */
export function VoucherCreateDialog({ onClose }: VoucherCreateDialogProps) {
  const create = useCreateVoucher({
    success: (r) => `Voucher ${r.data.voucher.code} created`,
    failure: 'The voucher could not be created',
    onDone: onClose,
  });
  const form = useForm<TVoucherFormInput, unknown, TVoucherFormOutput>({
    resolver: zodResolver(ZVoucherForm),
    defaultValues: {
      code: newCode(),
      type: 'pro',
      credits: '100',
      duration: '30',
      usageLimit: '1',
      expiresAt: '',
    },
  });
  const { errors } = form.formState;
  const handleSubmit = form.handleSubmit((body) => create.mutate(body));

  const formId = 'voucher-create-form';
  return (
    <Dialog
      isOpen
      onOpenChange={(isOpen) => !isOpen && onClose()}
      title="New voucher"
      description="A user who redeems it gets the credits and the plan for the number of days."
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" form={formId} isLoading={create.isPending}>
            Create voucher
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
        <div className="flex items-end gap-2 sm:col-span-2">
          <TextField
            label="Code"
            className="flex-1 [&_input]:uppercase"
            error={errors.code?.message}
            spellCheck={false}
            inputMode="text"
            {...form.register('code', { setValueAs: (v: string) => v.toUpperCase() })}
          />
          <Button
            variant="secondary"
            className={errors.code ? 'mb-5' : undefined}
            onClick={() => form.setValue('code', newCode(), { shouldValidate: true })}
          >
            Generate
          </Button>
        </div>
        <SelectField label="Plan granted" options={PAID_PLAN_OPTIONS} {...form.register('type')} />
        <TextField
          label="Credits"
          inputMode="numeric"
          error={errors.credits?.message}
          {...form.register('credits')}
        />
        <TextField
          label="Duration (days)"
          inputMode="numeric"
          error={errors.duration?.message}
          {...form.register('duration')}
        />
        <TextField
          label="Usage limit"
          inputMode="numeric"
          error={errors.usageLimit?.message}
          {...form.register('usageLimit')}
        />
        <TextField
          label="Expires (optional)"
          type="datetime-local"
          className="sm:col-span-2"
          error={errors.expiresAt?.message}
          hint="Empty: it never expires."
          {...form.register('expiresAt')}
        />
      </form>
    </Dialog>
  );
}
