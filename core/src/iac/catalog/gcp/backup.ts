import { defineService, type TNode, type TTfBuildContext } from '../service';
import { numProp } from '../properties';
import { block, call, ref, tfVar, tpl, type TTfBlock, type TTfValue } from '../../ir/terraform-ir';

/**
 * What Backup and DR protects for a data connection: a backup plan serves one resource type
 * (google provider, google_backup_dr_backup_plan_association "backup_plan" notes).
 */
interface TProtected {
  readonly type: string;
  readonly resource: string;
  readonly suffix: string;
}

const PROTECTED: Readonly<Record<string, TProtected>> = {
  vm: {
    type: 'compute.googleapis.com/Instance',
    resource: 'google_compute_instance',
    suffix: 'vm',
  },
  'block-storage': {
    type: 'compute.googleapis.com/Disk',
    resource: 'google_compute_disk',
    suffix: 'disk',
  },
};

/** A daily or monthly rule, run in a six-hour window from 02:00 UTC. */
function rule(id: string, days: TTfValue, schedule: Record<string, TTfValue>): TTfBlock {
  return block({
    rule_id: id,
    backup_retention_days: days,
    standard_schedule: block({
      ...schedule,
      time_zone: 'UTC',
      backup_window: block({ start_hour_of_day: 2, end_hour_of_day: 8 }),
    }),
  });
}

/**
 * Every rule must keep its backups at least as long as the vault's enforced minimum: the
 * minimum is the shorter of the two retentions, per environment when they differ.
 */
function minimumRetention(ctx: TTfBuildContext): TTfValue {
  const days = (env?: string) =>
    Math.min(
      ...['dailyDays', 'monthlyDays'].map((k) =>
        Number((env ? ctx.node.overrides[env]?.[k] : undefined) ?? ctx.value<number>(k)),
      ),
    );
  const all = [days(), ...ctx.environments.map((e) => days(e))];
  if (all.every((d) => d === all[0])) return `${all[0]! * 86_400}s`;
  const seconds = (k: string) => ctx.prop(k, (v) => Number(v) * 86_400, `${k}Seconds`);
  return tpl(call('min', seconds('dailyDays'), seconds('monthlyDays')), 's');
}

function targets(ctx: TTfBuildContext): TNode[] {
  return ctx.outgoing('data').flatMap((e) => (PROTECTED[e.node.service.kind] ? [e.node] : []));
}

/** Google Cloud Backup and DR: a backup vault, plans per resource type and their associations. */
export const gcpBackupDr = defineService({
  id: 'gcp.backup-dr',
  cloud: 'gcp',
  kind: 'backup',
  name: 'Backup and DR vault',
  category: 'storage',
  description:
    'Backup vault with an enforced minimum retention, and daily and monthly backup plans for the Compute Engine instances and persistent disks it has data connections to.',
  icon: 'gcp-backup-dr',
  properties: [
    numProp('dailyDays', 'Keep daily backups (days)', 35, 1, 365),
    numProp('monthlyDays', 'Keep monthly backups (days)', 365, 30, 3650),
  ],
  placement: 'none',
  naming: { rule: 'gcp-rfc1035', abbreviation: 'bkp' },
  emits: {
    terraform: [
      'google_backup_dr_backup_vault',
      'google_backup_dr_backup_plan',
      'google_backup_dr_backup_plan_association',
      'google_project_iam_member',
    ],
  },
  terraform: (ctx) => {
    const local = ctx.node.local;
    const vault = ctx.resource('google_backup_dr_backup_vault', local, {
      location: tfVar('region'),
      backup_vault_id: ctx.name(),
      description: `Backups of ${ctx.node.name}`,
      backup_minimum_enforced_retention_duration: minimumRetention(ctx),
      labels: ctx.tags(),
    });
    const plans = new Map<string, string>();
    const planFor = (what: TProtected): string => {
      const known = plans.get(what.type);
      if (known) return known;
      const plan = ctx.resource('google_backup_dr_backup_plan', `${local}_${what.suffix}`, {
        location: tfVar('region'),
        backup_plan_id: ctx.name(what.suffix, 'gcp-rfc1035'),
        resource_type: what.type,
        backup_vault: ref(vault.address, 'id'),
        backup_rules: [
          rule('daily', ctx.prop('dailyDays'), { recurrence_type: 'DAILY' }),
          rule('monthly', ctx.prop('monthlyDays'), {
            recurrence_type: 'MONTHLY',
            days_of_month: [1],
          }),
        ],
      }).address;
      plans.set(what.type, plan);
      return plan;
    };
    const nodes = targets(ctx);
    // With nothing connected yet, the instance plan waits for its first association.
    if (nodes.length === 0) planFor(PROTECTED['vm']!);
    // The vault's service agent takes the snapshots in this project (Backup and DR "Compute
    // Engine Operator" role for instances and disks).
    const operator =
      nodes.length > 0
        ? ctx.resource('google_project_iam_member', `${local}_compute_operator`, {
            project: tfVar('project_id'),
            role: 'roles/backupdr.computeEngineOperator',
            member: tpl('serviceAccount:', ref(vault.address, 'service_account')),
          })
        : undefined;
    for (const node of nodes) {
      const what = PROTECTED[node.service.kind]!;
      ctx.resource(
        'google_backup_dr_backup_plan_association',
        `${local}_${node.local}`,
        {
          location: tfVar('region'),
          backup_plan_association_id: ctx.name(node.id, 'gcp-rfc1035'),
          resource_type: what.type,
          resource: ref(ctx.address(node, what.resource), 'id'),
          backup_plan: ref(planFor(what), 'name'),
        },
        operator ? [operator.address] : [],
      );
    }
    ctx.output('vault_id', `Backup vault of ${ctx.node.name}`, ref(vault.address, 'id'));
  },
});
