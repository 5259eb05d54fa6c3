import type { TPropertyValue } from '../iac/types';
import type { EstimateBuilder } from './prices';

/** Prices one resource from its properties (defaults and environment overrides applied). */
export type TEstimator = (
  properties: Readonly<Record<string, TPropertyValue>>,
  estimate: EstimateBuilder,
) => void;
