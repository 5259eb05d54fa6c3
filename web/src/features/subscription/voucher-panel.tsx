import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { z } from 'zod';
import type { TPreviewVoucherResponse } from '@stratum/core/contract/vouchers/preview-voucher';
import { ZRedeemVoucherBody } from '@stratum/core/contract/vouchers/redeem-voucher';
import { Button } from '../../components/button';
import { FormMessage } from '../../components/form-message';
import { Panel } from '../../components/panel';
import { TextField } from '../../components/text-field';
import { usePreviewVoucher, useRedeemVoucher } from './api/redeem-voucher';
import { voucherErrorText } from './subscription-text';

/** The contract's body, with the empty code caught before asking the server. */
const ZVoucherForm = ZRedeemVoucherBody.extend({
  code: z.string().trim().min(1, 'Enter a voucher code').max(64),
});
type TVoucherForm = z.infer<typeof ZVoucherForm>;

type Preview = TPreviewVoucherResponse['data'] & { code: string };
type Outcome = { tone: 'error' | 'info'; text: string } | null;

/**
 * Redeem a voucher in two steps: the server first says what it will do (a Pro voucher on
 * Enterprise adds credits only), then redeeming answers the §8 text or a true variant of it.
 */
export function VoucherPanel() {
  const preview = usePreviewVoucher();
  const redeem = useRedeemVoucher();
  const [checked, setChecked] = useState<Preview | null>(null);
  const [outcome, setOutcome] = useState<Outcome>(null);
  const form = useForm<TVoucherForm>({
    resolver: zodResolver(ZVoucherForm),
    defaultValues: { code: '' },
  });
  const codeField = form.register('code', {
    setValueAs: (value: string) => value.toUpperCase(),
    onChange: () => {
      setChecked(null);
      setOutcome(null);
    },
  });

  const handleCheck = form.handleSubmit(({ code }) => {
    setOutcome(null);
    preview.mutate(code, {
      onSuccess: ({ data }) => setChecked({ ...data, code }),
      onError: (error) => setOutcome({ tone: 'error', text: voucherErrorText(error) }),
    });
  });

  const handleRedeem = () => {
    if (!checked) return;
    redeem.mutate(checked.code, {
      onSuccess: ({ message }) => {
        setChecked(null);
        setOutcome({ tone: 'info', text: message });
        toast.success(message);
        form.reset();
      },
      onError: (error) => {
        setChecked(null);
        setOutcome({ tone: 'error', text: voucherErrorText(error) });
      },
    });
  };

  return (
    <Panel title="Redeem a voucher">
      <form
        noValidate
        aria-label="Redeem a voucher"
        onSubmit={(e) => void handleCheck(e)}
        className="space-y-3"
      >
        <TextField
          label="Voucher code"
          placeholder="ABCD-EFGH-JK12"
          autoComplete="off"
          spellCheck={false}
          maxLength={64}
          className="[&_input]:uppercase"
          error={form.formState.errors.code?.message}
          hint="12 letters and digits; dashes are optional."
          {...codeField}
        />
        {checked ? (
          <div
            role="status"
            className="space-y-3 rounded-md border border-brand-100 bg-brand-50 p-3"
          >
            <p className="text-sm text-brand-900">{checked.message}</p>
            <div className="flex flex-wrap gap-2">
              <Button type="button" isLoading={redeem.isPending} onClick={handleRedeem}>
                Redeem
              </Button>
              <Button type="button" variant="secondary" onClick={() => setChecked(null)}>
                Not now
              </Button>
            </div>
          </div>
        ) : (
          <Button type="submit" isLoading={preview.isPending}>
            Check voucher
          </Button>
        )}
        {outcome && <FormMessage tone={outcome.tone}>{outcome.text}</FormMessage>}
      </form>
    </Panel>
  );
}
