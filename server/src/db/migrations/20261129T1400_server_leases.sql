-- Named leases for whole-job schedules (retention, drift and inventory ticks): one holder at a
-- time across server processes, taken over once its expiry passes (a crashed holder frees it).
create table server_leases (
  name text primary key,
  holder text not null,
  expires_at timestamptz not null,
  acquired_at timestamptz not null default now()
);
