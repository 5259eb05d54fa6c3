import { zodResolver } from '@hookform/resolvers/zod';
import type { BaseSyntheticEvent, ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import type { TAdminUser, TAdminUserResponse } from '@stratum/core/contract/admin/admin-user';
import { ZChangeUserCreditsBody } from '@stratum/core/contract/admin/change-user-credits';
import { ZChangeUserPlanBody } from '@stratum/core/contract/admin/change-user-plan';
import { Button } from '../../components/button';
import { SelectField } from '../../components/select-field';
import { TextField } from '../../components/text-field';
import { zWholeText } from '../../lib/form-schemas';
import { PLAN_OPTIONS } from '../../lib/plan-options';
import { useChangeUserCredits, useChangeUserPlan } from './api/users';

const ZPlanForm = ZChangeUserPlanBody.extend({ duration: zWholeText(1, 3650) });
const ZCreditsForm = ZChangeUserCreditsBody.extend({ credits: zWholeText(0, 100_000_000) });

export interface UserFormProps {
  user: TAdminUser;
  isAllowed: boolean;
  onSaved: (response: TAdminUserResponse) => void;
}

/** The plan, active from now for a number of days. */
export function UserPlanForm({ user, isAllowed, onSaved }: UserFormProps) {
  const save = useChangeUserPlan(user.id, {
    success: 'Plan changed',
    failure: 'The plan could not be changed',
    onDone: onSaved,
  });
  const form = useForm<z.input<typeof ZPlanForm>, unknown, z.output<typeof ZPlanForm>>({
    resolver: zodResolver(ZPlanForm),
    defaultValues: { planId: user.subscriptionType, duration: '365' },
  });
  return (
    <Row label="Change plan" onSubmit={form.handleSubmit((body) => save.mutate(body))}>
      <SelectField
        label="Plan"
        className="min-w-40 flex-1"
        options={PLAN_OPTIONS}
        disabled={!isAllowed}
        {...form.register('planId')}
      />
      <TextField
        label="For days"
        inputMode="numeric"
        className="w-28"
        error={form.formState.errors.duration?.message}
        disabled={!isAllowed}
        {...form.register('duration')}
      />
      {isAllowed && (
        <Button type="submit" variant="secondary" isLoading={save.isPending}>
          Save plan
        </Button>
      )}
    </Row>
  );
}

/** The credit balance, set to a new value. */
export function UserCreditsForm({ user, isAllowed, onSaved }: UserFormProps) {
  const save = useChangeUserCredits(user.id, {
    success: 'Credits changed',
    failure: 'The credits could not be changed',
    onDone: onSaved,
  });
  const form = useForm<z.input<typeof ZCreditsForm>, unknown, z.output<typeof ZCreditsForm>>({
    resolver: zodResolver(ZCreditsForm),
    defaultValues: { credits: String(user.credits) },
  });
  return (
    <Row label="Change credits" onSubmit={form.handleSubmit(({ credits }) => save.mutate(credits))}>
      <TextField
        label="Credits (new balance)"
        inputMode="numeric"
        className="min-w-40 flex-1"
        error={form.formState.errors.credits?.message}
        disabled={!isAllowed}
        {...form.register('credits')}
      />
      {isAllowed && (
        <Button type="submit" variant="secondary" isLoading={save.isPending}>
          Save credits
        </Button>
      )}
    </Row>
  );
}

interface RowProps {
  label: string;
  onSubmit: (event: BaseSyntheticEvent) => Promise<void>;
  children: ReactNode;
}

function Row(props: RowProps) {
  return (
    <form
      noValidate
      aria-label={props.label}
      onSubmit={(e) => void props.onSubmit(e)}
      className="flex flex-wrap items-end gap-3"
    >
      {props.children}
    </form>
  );
}
