import { useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { redeemVoucher } from '@stratum/core/contract/vouchers/redeem-voucher';
import { Button } from '../../components/button';
import { FormMessage } from '../../components/form-message';
import { Panel } from '../../components/panel';
import { TextField } from '../../components/text-field';
import { callApi } from '../../lib/api-client';
import { SUBSCRIPTION_QUERY_KEY } from '../../lib/api/subscription';
import { voucherErrorText } from './subscription-text';

type Outcome = { tone: 'error' | 'info'; text: string } | null;

/** Redeem a voucher: the §8 texts for each refusal, and the §8 success text. */
export function VoucherPanel() {
  const queryClient = useQueryClient();
  const [code, setCode] = useState('');
  const [isSending, setIsSending] = useState(false);
  const [outcome, setOutcome] = useState<Outcome>(null);
  const [fieldError, setFieldError] = useState<string | undefined>();

  const handleSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (code.trim() === '') {
      setFieldError('Enter a voucher code');
      return;
    }
    setFieldError(undefined);
    setIsSending(true);
    setOutcome(null);
    try {
      const { message } = await callApi(redeemVoucher, { body: { code } });
      setOutcome({ tone: 'info', text: message });
      toast.success(message);
      setCode('');
      await queryClient.invalidateQueries({ queryKey: SUBSCRIPTION_QUERY_KEY });
    } catch (error) {
      setOutcome({ tone: 'error', text: voucherErrorText(error) });
    } finally {
      setIsSending(false);
    }
  };

  return (
    <Panel title="Redeem a voucher">
      <form
        noValidate
        aria-label="Redeem a voucher"
        onSubmit={(e) => void handleSubmit(e)}
        className="space-y-3"
      >
        <TextField
          label="Voucher code"
          placeholder="ABCD-EFGH-JK12"
          autoComplete="off"
          spellCheck={false}
          maxLength={64}
          value={code}
          error={fieldError}
          onChange={(e) => setCode(e.target.value.toUpperCase())}
          hint="12 letters and digits; dashes are optional."
        />
        <Button type="submit" isLoading={isSending}>
          Redeem
        </Button>
        {outcome && <FormMessage tone={outcome.tone}>{outcome.text}</FormMessage>}
      </form>
    </Panel>
  );
}
