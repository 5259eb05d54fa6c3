-- A deployment goes to one of its design's environments (any name the design allows), not
-- only dev, staging and prod: the planner's step 6 offers the environments the design has.
ALTER TABLE project_deployments DROP CONSTRAINT project_deployments_environment_check;
ALTER TABLE project_deployments
  ADD CONSTRAINT project_deployments_environment_check CHECK (environment ~ '^[a-z][a-z0-9]{0,9}$');
