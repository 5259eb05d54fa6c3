import { armEmitter } from './arm-emitter';
import { bicepEmitter } from './bicep-emitter';
import type { TFormat, TEmitter } from './emitter';
import { terraformEmitter } from './terraform-emitter';

/** Every output format; adding one is a new emitter file and a line here. */
export const EMITTERS: Readonly<Record<TFormat, TEmitter>> = {
  terraform: terraformEmitter,
  bicep: bicepEmitter,
  arm: armEmitter,
};
