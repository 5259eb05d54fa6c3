-- The audit trail is append-only: no UPDATE, DELETE or TRUNCATE, whoever asks (docs/audit.md).
-- The one change allowed is the one PostgreSQL itself makes when an account is deleted:
-- actor_id ON DELETE SET NULL, everything else (the actor's e-mail and role included) kept.
CREATE FUNCTION audit_log_append_only() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' THEN
    IF OLD.actor_id IS NOT NULL AND NEW.actor_id IS NULL
       AND (NEW.id, NEW.at, NEW.actor_email, NEW.actor_role, NEW.action, NEW.target_type,
          NEW.target_id, NEW.before, NEW.after, NEW.ip)
         IS NOT DISTINCT FROM
         (OLD.id, OLD.at, OLD.actor_email, OLD.actor_role, OLD.action, OLD.target_type,
          OLD.target_id, OLD.before, OLD.after, OLD.ip) THEN
      RETURN NEW;
    END IF;
  END IF;
  RAISE EXCEPTION 'audit_log is append-only: % refused', TG_OP
    USING ERRCODE = 'insufficient_privilege';
END;
$$;

CREATE TRIGGER audit_log_append_only
  BEFORE UPDATE OR DELETE ON audit_log
  FOR EACH ROW EXECUTE FUNCTION audit_log_append_only();

CREATE TRIGGER audit_log_no_truncate
  BEFORE TRUNCATE ON audit_log
  FOR EACH STATEMENT EXECUTE FUNCTION audit_log_append_only();

-- A user's own trail: what they did, newest first.
CREATE INDEX audit_log_actor_at_idx ON audit_log (actor_id, at DESC);
