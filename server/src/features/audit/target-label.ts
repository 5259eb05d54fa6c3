/**
 * What an audit row's target is called, for people: the user's name and email, the voucher's
 * code, the notice's title… Taken from the row's own snapshot (after, else before), so a
 * deleted target keeps its name. Null when nothing names it; the id stays in `targetId`.
 */
export function auditTargetLabel(
  targetType: string,
  before: unknown,
  after: unknown,
): string | null {
  const snapshot = { ...asRecord(before), ...asRecord(after) };
  const text = (key: string) => {
    const value = snapshot[key];
    return typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;
  };
  switch (targetType) {
    case 'user': {
      const name = [text('firstName'), text('lastName')].filter(Boolean).join(' ');
      const email = text('email');
      if (name && email) return `${name} <${email}>`;
      return email ?? (name || null);
    }
    case 'voucher':
      return text('code') ?? null;
    case 'site_notice':
      return text('title') ?? null;
    case 'activation_request': {
      const email = text('userEmail');
      const plan = text('requestedSubscription');
      return email ? `${email}${plan ? ` → ${plan}` : ''}` : null;
    }
    case 'email_template':
    case 'api_collection':
    case 'api_environment':
    case 'inventory_source':
    case 'k8s_cluster':
    case 'drift_connection':
      return text('name') ?? null;
    case 'price_import':
      return text('fileName') ?? null;

    case 'error_log':
      return 'Error logs';
    case 'mailing_config':
      return 'Mailing configuration';
    case 'database': {
      const server = text('server');
      const database = text('database');
      return server && database ? `${database} on ${server}` : 'Database connection';
    }
    default:
      return null;
  }
}

function asRecord(value: unknown): Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : {};
}
