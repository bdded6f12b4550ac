-- custom SQL (not generated)
-- The token check is a prepared plain join (server/core/sessions.ts): nothing calls the function of 0012 since.
DROP FUNCTION IF EXISTS token_user(text, timestamptz, interval);
