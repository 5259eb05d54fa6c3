import type { ColumnType, Generated, Selectable } from 'kysely';

type Timestamp = ColumnType<Date, Date | string, Date | string>;
type CreatedAt = ColumnType<Date, Date | string | undefined, never>;

export interface UsersTable {
  id: Generated<string>;
  email: string;
  password_hash: string;
  first_name: string;
  last_name: string;
  designation: string | null;
  role: Generated<'user' | 'helper' | 'moderator' | 'admin' | 'owner'>;
  subscription_type: Generated<'free' | 'pro' | 'ultra-pro' | 'enterprise'>;
  credits: Generated<number>;
  avatar_url: string | null;
  email_verified_at: Timestamp | null;
  last_login_at: Timestamp | null;
  disabled_at: Timestamp | null;
  created_at: CreatedAt;
  updated_at: ColumnType<Date, Date | string | undefined, Date | string>;
}

export interface SessionsTable {
  id: Generated<string>;
  user_id: string;
  created_at: CreatedAt;
  expires_at: Timestamp;
  revoked_at: Timestamp | null;
  ip: string | null;
  user_agent: string | null;
}

export interface EmailCodesTable {
  id: Generated<string>;
  user_id: string;
  code_hash: string;
  attempts: Generated<number>;
  expires_at: Timestamp;
  consumed_at: Timestamp | null;
  created_at: CreatedAt;
}

export interface PasswordResetsTable {
  id: Generated<string>;
  user_id: string;
  token_hash: string;
  expires_at: Timestamp;
  used_at: Timestamp | null;
  created_at: CreatedAt;
}

export interface LoginAttemptsTable {
  email: string;
  failures: number;
  locked_until: Timestamp | null;
  updated_at: Timestamp;
}

export interface ContactMessagesTable {
  id: Generated<string>;
  name: string;
  email: string;
  subject: string;
  body: string;
  ip: string | null;
  user_agent: string | null;
  created_at: CreatedAt;
  handled_at: Timestamp | null;
  handled_by: string | null;
}

export interface MessagesTable {
  id: Generated<string>;
  recipient_id: string;
  sender_id: string | null;
  kind: 'contact' | 'direct' | 'system';
  sender_name: string;
  sender_email: string | null;
  subject: string;
  body: string;
  contact_message_id: string | null;
  created_at: CreatedAt;
  read_at: Timestamp | null;
  send_id: Generated<string>;
  recipient_label: Generated<string>;
  reply_to_id: string | null;
  deleted_by_recipient_at: Timestamp | null;
  deleted_by_sender_at: Timestamp | null;
}

type PlanId = 'free' | 'pro' | 'ultra-pro' | 'enterprise';
type PaidPlanId = 'pro' | 'ultra-pro' | 'enterprise';

export interface SubscriptionsTable {
  user_id: string;
  plan_id: PlanId;
  status: 'active' | 'cancelled';
  start_date: Timestamp;
  end_date: Timestamp;
  projects_created: Generated<number>;
  updated_at: ColumnType<Date, Date | string | undefined, Date | string>;
}

export interface SubscriptionUsageTable {
  user_id: string;
  /** First day of the month (UTC), as 'YYYY-MM-DD'. */
  month: ColumnType<Date | string, string, string>;
  generations_used: Generated<number>;
}

export interface ActivationRequestsTable {
  id: Generated<string>;
  user_id: string | null;
  user_email: string;
  username: string;
  requested_subscription: PaidPlanId;
  requested_credits: Generated<number>;
  message: Generated<string>;
  status: Generated<'pending' | 'approved' | 'rejected'>;
  created_at: CreatedAt;
  processed_at: Timestamp | null;
  processed_by: string | null;
  processed_by_email: string | null;
  processing_notes: string | null;
  granted_plan: PlanId | null;
  granted_credits: number | null;
  granted_duration: number | null;
}

export interface VouchersTable {
  id: Generated<string>;
  code: string;
  type: PaidPlanId;
  credits: number;
  duration_days: number;
  usage_limit: number;
  times_used: Generated<number>;
  expires_at: Timestamp | null;
  created_at: CreatedAt;
  created_by: string | null;
  created_by_email: string | null;
}

export interface VoucherUsagesTable {
  id: Generated<string>;
  voucher_id: string;
  user_id: string | null;
  user_email: string;
  used_at: CreatedAt;
  subscription_granted: PlanId;
  credits_granted: number;
  duration_granted: number;
}

export interface SiteNoticesTable {
  id: Generated<string>;
  title: string;
  message: string;
  type: 'info' | 'warning' | 'success' | 'error';
  is_active: boolean;
  priority: number;
  dismissible: boolean;
  expires_at: Timestamp | null;
  created_at: CreatedAt;
  updated_at: ColumnType<Date, Date | string | undefined, Date | string>;
  created_by: string | null;
}

export interface SiteNoticeDismissalsTable {
  user_id: string;
  notice_id: string;
  dismissed_at: CreatedAt;
}

export interface ErrorLogsTable {
  id: Generated<string>;
  reported_at: Timestamp;
  level: 'debug' | 'info' | 'warn' | 'error' | 'fatal';
  message: string;
  stack: string | null;
  user_agent: string | null;
  url: string | null;
  component: string | null;
  action: string | null;
  metadata: ColumnType<Record<string, unknown> | null, string | null, string | null>;
  received_at: CreatedAt;
  user_id: string | null;
  ip: string | null;
}

export interface EmailTemplatesTable {
  id: 'welcome' | 'activation_request' | 'subscription_activated';
  subject: string;
  html_content: string;
  text_content: string;
  updated_at: ColumnType<Date, Date | string | undefined, Date | string>;
  updated_by: string | null;
  updated_by_email: string | null;
}

export interface MailingConfigTable {
  id: Generated<boolean>;
  provider: 'azure' | 'smtp' | 'sendgrid';
  is_enabled: boolean;
  sender_email: string;
  from_name: string | null;
  reply_to: string | null;
  smtp_host: string | null;
  smtp_port: number | null;
  smtp_user: string | null;
  smtp_secure: boolean;
  /** AES-256-GCM ciphertext of the secrets, never sent to a browser. */
  secrets: string | null;
  updated_at: ColumnType<Date, Date | string | undefined, Date | string>;
  updated_by_email: string | null;
}

export interface AuditLogTable {
  id: Generated<string>;
  at: CreatedAt;
  actor_id: string | null;
  actor_email: string;
  actor_role: string;
  action: string;
  target_type: string;
  target_id: string | null;
  before: ColumnType<unknown, string | null, never>;
  after: ColumnType<unknown, string | null, never>;
  ip: string | null;
}

export interface SchemaMigrationsTable {
  name: string;
  applied_at: CreatedAt;
}

/** JSONB: read as parsed JSON, written as a JSON string. */
type Json<T = unknown> = ColumnType<T, string, string>;

export interface ProjectsTable {
  id: Generated<string>;
  user_id: string;
  name: string;
  description: Generated<string>;
  /** The planner state document (any stored version; `v` inside). */
  state: Json;
  revision: Generated<number>;
  created_at: CreatedAt;
  updated_at: ColumnType<Date, Date | string | undefined, Date | string>;
}

export interface ProjectGenerationsTable {
  id: Generated<string>;
  project_id: string;
  format: 'terraform' | 'bicep' | 'arm';
  layout: string;
  options: Json<{ ci: boolean; readme: boolean }>;
  revision: number;
  files: Json<{ path: string; content: string }[]>;
  report: Json;
  file_count: number;
  warning_count: number;
  created_at: CreatedAt;
}

export interface ProjectSnapshotsTable {
  id: Generated<string>;
  project_id: string;
  type: 'manual' | 'auto';
  description: Generated<string>;
  tags: Json<string[]>;
  data: Json;
  revision: number;
  generation_id: string | null;
  created_at: ColumnType<Date, Date | string | undefined, never>;
}

export interface ProjectDeploymentsTable {
  id: Generated<string>;
  project_id: string;
  provider: 'aws' | 'azure' | 'gcp' | 'oci';
  environment: string;
  revision: number;
  resources: Json;
  cost_summary: Json;
  started_at: Timestamp;
  rollback_requested_at: Timestamp | null;
}

export interface Database {
  users: UsersTable;
  sessions: SessionsTable;
  email_codes: EmailCodesTable;
  password_resets: PasswordResetsTable;
  login_attempts: LoginAttemptsTable;
  contact_messages: ContactMessagesTable;
  messages: MessagesTable;
  subscriptions: SubscriptionsTable;
  subscription_usage: SubscriptionUsageTable;
  activation_requests: ActivationRequestsTable;
  vouchers: VouchersTable;
  voucher_usages: VoucherUsagesTable;
  site_notices: SiteNoticesTable;
  site_notice_dismissals: SiteNoticeDismissalsTable;
  error_logs: ErrorLogsTable;
  email_templates: EmailTemplatesTable;
  mailing_config: MailingConfigTable;
  audit_log: AuditLogTable;
  schema_migrations: SchemaMigrationsTable;
  projects: ProjectsTable;
  project_generations: ProjectGenerationsTable;
  project_snapshots: ProjectSnapshotsTable;
  project_deployments: ProjectDeploymentsTable;
}

export type UserRow = Selectable<UsersTable>;
