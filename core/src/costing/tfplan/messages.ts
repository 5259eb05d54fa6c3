/** What the user reads when a file cannot be priced (costing/invalid_plan). */
export const PLAN_MSG = {
  empty:
    'The file is empty. Send the output of `terraform show -json <planfile>` (a plan) or `terraform show -json` (a state).',
  binaryPlan:
    'This is a binary plan file (`terraform plan -out`). Send the JSON Terraform prints for it: `terraform show -json <planfile>`.',
  hcl: 'This looks like Terraform configuration (HCL), not a plan. Run `terraform plan -out=tfplan` and send the output of `terraform show -json tfplan`.',
  notJson: (detail: string) =>
    `The file is not valid JSON (${detail}). Send the output of \`terraform show -json\`.`,
  notObject:
    'The file is JSON but not a Terraform plan or state: it should be one object with `format_version`.',
  notPlan:
    'The file is JSON but not a Terraform plan or state: it has no `format_version`, `resource_changes` or `values`. Send the output of `terraform show -json`.',
  noFormatVersion:
    'The plan has no `format_version`; it does not look like the output of `terraform show -json`.',
  formatVersion: (version: string) =>
    `Format version ${version} is not one this reader knows (it reads plan and state JSON of format 0.1 to 1.x).`,
  legacyState: (version: number) =>
    `This is a state file of format version ${version} (Terraform 0.11 or older). Run \`terraform show -json\` with Terraform 0.12 or later and send its output.`,
  rawStateVersion: (version: number) =>
    `State file format version ${version} is not one this reader knows (it reads version 4).`,
  badChange: (index: number, what: string) => `resource_changes[${index}] ${what}.`,
  badResource: (where: string, what: string) => `${where} ${what}.`,
  noPlan:
    'Send the plan as `plan`: the JSON of `terraform show -json`, as an object or as its text.',
} as const;
