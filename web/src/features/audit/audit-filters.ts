import type { SelectOption } from '../../components/select-field';

/**
 * The action filter: each area as a prefix ("users." matches every user action), then each
 * recorded action, grouped under its area.
 */
export function auditActionOptions(actions: readonly string[]): SelectOption[] {
  const areas = [...new Set(actions.map((a) => a.split('.')[0] ?? a))].sort();
  return areas.flatMap((area) => [
    { value: `${area}.`, label: `${area}: all` },
    ...actions
      .filter((a) => a.startsWith(`${area}.`))
      .sort()
      .map((a) => ({ value: a, label: a })),
  ]);
}

/** Target types in words; a type not listed here (a newer feature's) shows as it is stored. */
const TARGET_TYPES: Record<string, string> = {
  user: 'User',
  session: 'Session',
  subscription: 'Subscription',
  voucher: 'Voucher',
  site_notice: 'Site notice',
  activation_request: 'Activation request',
  email_template: 'Email template',
  error_log: 'Error logs',
  mailing_config: 'Mailing',
  egress: 'Egress allow-list',
  database: 'Database',
  api_collection: 'API collection',
  api_environment: 'API environment',
  api_history: 'API history',
  inventory_source: 'Inventory source',
  drift_scan: 'Drift scan',
  drift_ignore_rule: 'Drift ignore rule',
  drift_schedule: 'Drift schedule',
  drift_connection: 'Cloud connection',
  k8s_cluster: 'Kubernetes cluster',
  llm_key: 'Assistant key',
  llm_message: 'Assistant call',
  llm_settings: 'Assistant settings',
  price_import: 'Price import',
  contact_message: 'Contact message',
  project: 'Project',
};

export function auditTargetTypeLabel(type: string): string {
  return TARGET_TYPES[type] ?? type;
}

/** The target type filter: every type recorded, by its name in words. */
export function auditTargetTypeOptions(types: readonly string[]): SelectOption[] {
  return [...types]
    .map((type) => ({ value: type, label: auditTargetTypeLabel(type) }))
    .sort((a, b) => a.label.localeCompare(b.label));
}
