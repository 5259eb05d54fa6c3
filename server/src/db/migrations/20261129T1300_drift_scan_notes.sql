-- What a drift scan's reader could not take as it is (driftctl alerts, what-if diagnostics and
-- potential changes) and a plan's planned actions: kept with the scan so its page can say them.
alter table drift_scans
  add column warnings jsonb not null default '[]'::jsonb,
  add column plan_actions jsonb not null default '[]'::jsonb;
