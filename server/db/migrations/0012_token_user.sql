-- The token check runs on every logged-in request. As a PL/pgSQL function its two lookups keep a
-- cached plan (a plain query is planned again on every call, which on the embedded database costs
-- more than running it), and the sliding expiry is renewed in the same round trip, at most daily.
CREATE OR REPLACE FUNCTION token_user(hash_in text, now_in timestamptz, ttl_in interval)
RETURNS SETOF users
LANGUAGE plpgsql AS $$
DECLARE
  owner integer;
  expires timestamptz;
BEGIN
  SELECT user_id, expires_at INTO owner, expires FROM user_tokens WHERE token_hash = hash_in AND expires_at > now_in;
  IF NOT FOUND THEN
    RETURN;
  END IF;
  IF now_in + ttl_in - expires > interval '1 day' THEN
    UPDATE user_tokens SET expires_at = now_in + ttl_in WHERE token_hash = hash_in;
  END IF;
  RETURN QUERY SELECT * FROM users WHERE id = owner;
END
$$;
