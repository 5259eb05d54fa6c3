import { PLAN_IDS } from '@stratum/core/contract/common';
import { PLANS } from '@stratum/core/plans';
import type { SelectOption } from '../components/select-field';

/** The four plans as select options, smallest first. */
export const PLAN_OPTIONS: SelectOption[] = PLAN_IDS.map((id) => ({
  value: id,
  label: PLANS[id].name,
}));

/** The plans a voucher or a request may grant. */
export const PAID_PLAN_OPTIONS = PLAN_OPTIONS.filter((o) => o.value !== 'free');
