-- Custom SQL (not generated): tells every server process when a logged-in user's row or token changes, so the
-- sessions it keeps for reads (server/core/session-cache.ts) are dropped at once. Payloads: u:<user id>, t:<token hash>.
CREATE FUNCTION notify_auth_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'users' THEN
    PERFORM pg_notify('auth_changed', 'u:' || OLD.id);
  ELSE
    PERFORM pg_notify('auth_changed', 't:' || OLD.token_hash);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER users_auth_updated AFTER UPDATE ON users FOR EACH ROW WHEN (OLD.* IS DISTINCT FROM NEW.*)
  EXECUTE FUNCTION notify_auth_changed();
--> statement-breakpoint
CREATE TRIGGER users_auth_deleted AFTER DELETE ON users FOR EACH ROW EXECUTE FUNCTION notify_auth_changed();
--> statement-breakpoint
-- Expired tokens are never served from memory, so purging them says nothing; a live token deleted (log out,
-- account merged or closed), moved to another user or cut short does. Sliding the expiry later says nothing.
CREATE TRIGGER user_tokens_auth_deleted AFTER DELETE ON user_tokens FOR EACH ROW WHEN (OLD.expires_at > now())
  EXECUTE FUNCTION notify_auth_changed();
--> statement-breakpoint
CREATE TRIGGER user_tokens_auth_moved AFTER UPDATE ON user_tokens FOR EACH ROW
  WHEN (OLD.user_id <> NEW.user_id OR OLD.token_hash <> NEW.token_hash OR NEW.expires_at < OLD.expires_at)
  EXECUTE FUNCTION notify_auth_changed();
