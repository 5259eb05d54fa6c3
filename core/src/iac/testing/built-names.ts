import { buildArm } from '../build/arm-build';
import { buildTerraform } from '../build/terraform-build';
import { CLOUD_PROFILES } from '../catalog/registry';
import type { TPrepared } from '../generate';
import { formatsOf } from './formats';
import { checkNames, type TNameFinding } from '../naming/check-names';

/** The name checker over both built models of a prepared design (tests fail on any finding). */
export function builtNameFindings(prepared: TPrepared): TNameFinding[] {
  const { resolved, names, design } = prepared;
  const formats = formatsOf(design);
  const terraform = formats.includes('terraform')
    ? buildTerraform(resolved, CLOUD_PROFILES[design.provider], names).resources
    : [];
  const arm = formats.includes('arm') ? buildArm(resolved, names).resources : [];
  return checkNames({ environments: design.environments.map((e) => e.name), terraform, arm });
}
