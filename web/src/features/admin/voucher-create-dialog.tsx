import { useState, type FormEvent } from 'react';
import {
  createVoucher,
  type TCreateVoucherBody,
} from '@stratum/core/contract/vouchers/create-voucher';
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
import { callApi } from '../../lib/api-client';
import { localInputToIso } from '../../lib/format-date';
import { PAID_PLAN_OPTIONS, parseWhole } from './admin-text';
import { useAdminMutation } from './use-admin-mutation';

export interface VoucherCreateDialogProps {
  onClose: () => void;
}

type PaidPlan = 'pro' | 'ultra-pro' | 'enterprise';
type Errors = Partial<Record<'code' | 'credits' | 'duration' | 'usageLimit' | 'expiresAt', string>>;

/** A new voucher: the code is generated (§9 format) and may be regenerated or typed. */
export function VoucherCreateDialog({ onClose }: VoucherCreateDialogProps) {
  const [code, setCode] = useState(() => formatVoucherCode(generateVoucherCode()));
  const [type, setType] = useState<PaidPlan>('pro');
  const [credits, setCredits] = useState('100');
  const [duration, setDuration] = useState('30');
  const [usageLimit, setUsageLimit] = useState('1');
  const [expiresAt, setExpiresAt] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const create = useAdminMutation({
    run: (body: TCreateVoucherBody) => callApi(createVoucher, { body }),
    success: (r) => `Voucher ${r.data.voucher.code} created`,
    failure: 'The voucher could not be created',
    invalidate: [
      ['admin', 'vouchers'],
      ['admin', 'audit'],
    ],
    onDone: onClose,
  });

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const c = parseWhole(credits, 0, VOUCHER_LIMITS.maxCredits);
    const d = parseWhole(duration, 1, VOUCHER_LIMITS.maxDurationDays);
    const u = parseWhole(usageLimit, 1, VOUCHER_LIMITS.maxUsageLimit);
    const expiry = localInputToIso(expiresAt);
    const next: Errors = {
      code: normalizeVoucherCode(code) ? undefined : VOUCHER_MSG.invalidFormat,
      credits: c.error,
      duration: d.error,
      usageLimit: u.error,
      expiresAt:
        expiry !== null && new Date(expiry).getTime() <= Date.now()
          ? 'Choose a time in the future, or leave it empty'
          : undefined,
    };
    setErrors(next);
    if (Object.values(next).some(Boolean) || c.value === undefined) return;
    if (d.value === undefined || u.value === undefined) return;
    create.mutate({
      code,
      type,
      credits: c.value,
      duration: d.value,
      usageLimit: u.value,
      expiresAt: expiry,
    });
  };

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
      <form id={formId} noValidate onSubmit={handleSubmit} className="grid gap-4 sm:grid-cols-2">
        <div className="flex items-end gap-2 sm:col-span-2">
          <TextField
            label="Code"
            className="flex-1"
            value={code}
            error={errors.code}
            spellCheck={false}
            onChange={(e) => setCode(e.target.value.toUpperCase())}
            inputMode="text"
          />
          <Button
            variant="secondary"
            className={errors.code ? 'mb-5' : undefined}
            onClick={() => setCode(formatVoucherCode(generateVoucherCode()))}
          >
            Generate
          </Button>
        </div>
        <SelectField
          label="Plan granted"
          options={PAID_PLAN_OPTIONS}
          value={type}
          onChange={(e) => setType(e.target.value as PaidPlan)}
        />
        <TextField
          label="Credits"
          inputMode="numeric"
          value={credits}
          error={errors.credits}
          onChange={(e) => setCredits(e.target.value)}
        />
        <TextField
          label="Duration (days)"
          inputMode="numeric"
          value={duration}
          error={errors.duration}
          onChange={(e) => setDuration(e.target.value)}
        />
        <TextField
          label="Usage limit"
          inputMode="numeric"
          value={usageLimit}
          error={errors.usageLimit}
          onChange={(e) => setUsageLimit(e.target.value)}
        />
        <TextField
          label="Expires (optional)"
          type="datetime-local"
          className="sm:col-span-2"
          value={expiresAt}
          error={errors.expiresAt}
          hint="Empty: it never expires."
          onChange={(e) => setExpiresAt(e.target.value)}
        />
      </form>
    </Dialog>
  );
}
