-- Issue 16 §1–3: monitoring checks, their runs (30 days), hourly rollups (after 24 h),
-- incidents, maintenance windows and the public status page.
create table monitor_checks (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references users (id) on delete cascade,
  name text not null,
  kind text not null check (kind in ('http', 'tcp', 'tls', 'k8s')),
  -- The target without its header values (those are sealed in headers_secret).
  target jsonb not null,
  headers_secret text,
  interval_seconds integer not null check (interval_seconds >= 30),
  timeout_seconds integer not null,
  retries integer not null,
  is_paused boolean not null default false,
  notify_email boolean not null default false,
  webhook_url text,
  webhook_secret text,
  state text not null default 'pending' check (state in ('pending', 'up', 'down')),
  fail_streak integer not null default 0,
  state_changed_at timestamptz,
  last_checked_at timestamptz,
  last_latency_ms integer,
  last_status_code integer,
  last_error text,
  next_run_at timestamptz not null default now(),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index monitor_checks_user on monitor_checks (user_id, created_at);
-- The scheduler's claim: due, not paused.
create index monitor_checks_due on monitor_checks (next_run_at) where not is_paused;

create table monitor_results (
  id bigserial primary key,
  check_id uuid not null references monitor_checks (id) on delete cascade,
  at timestamptz not null,
  is_up boolean not null,
  latency_ms integer,
  status_code integer,
  error text
);
create index monitor_results_check_at on monitor_results (check_id, at);
create index monitor_results_at on monitor_results (at);

create table monitor_rollups (
  check_id uuid not null references monitor_checks (id) on delete cascade,
  hour timestamptz not null,
  total integer not null,
  up integer not null,
  latency_avg integer,
  p50 integer,
  p95 integer,
  p99 integer,
  primary key (check_id, hour)
);

create table monitor_incidents (
  id uuid primary key default gen_random_uuid(),
  check_id uuid not null references monitor_checks (id) on delete cascade,
  user_id uuid not null references users (id) on delete cascade,
  started_at timestamptz not null,
  ended_at timestamptz,
  cause text not null,
  is_silenced boolean not null default false
);
create index monitor_incidents_user on monitor_incidents (user_id, started_at desc);
create index monitor_incidents_check on monitor_incidents (check_id, started_at desc);

create table monitor_maintenance (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references users (id) on delete cascade,
  name text not null,
  starts_at timestamptz not null,
  ends_at timestamptz not null,
  check_ids uuid[] not null default '{}',
  created_at timestamptz not null default now()
);
create index monitor_maintenance_user on monitor_maintenance (user_id, ends_at);

create table monitor_status_pages (
  user_id uuid primary key references users (id) on delete cascade,
  slug text not null unique,
  title text not null,
  is_enabled boolean not null default false,
  check_ids uuid[] not null default '{}',
  updated_at timestamptz not null default now()
);
