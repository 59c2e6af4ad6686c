-- 0019: device cookies for moderators' logins (docs/moderation.md, "Device
-- cookies"), after OWASP's "Slow down online guessing attacks with device
-- cookies".
--
-- A browser that has logged in as a moderator holds a signed device cookie
-- naming that moderator. A login that shows a valid one for the name it
-- tries is not held by its address's back-off (login_source), and is not
-- queued behind untrusted logins; instead it has a back-off of its own:
--
-- login_device     one row per device cookie that was tried (device_hash:
--                  a hash of the cookie's value; the value itself is never
--                  stored). failures counts the cookie's checks since its
--                  last success, including the ones still running; once the
--                  count locks it (the same steps as an address's), the
--                  cookie is worth nothing until locked_until, and its
--                  logins are untrusted ones. Rows nobody touched for a day
--                  and not locked are deleted with login_source's.
--
-- The daemon's account needs only SELECT, INSERT, UPDATE, DELETE here.
-- Re-runnable (IF NOT EXISTS).

CREATE TABLE IF NOT EXISTS login_device (
  device_hash  BINARY(32) NOT NULL,
  failures     INT NOT NULL DEFAULT 0,
  locked_until TIMESTAMP NULL DEFAULT NULL,
  updated_at   TIMESTAMP NOT NULL DEFAULT CURRENT_TIMESTAMP ON UPDATE CURRENT_TIMESTAMP,
  PRIMARY KEY (device_hash),
  KEY login_device_updated (updated_at),
  CONSTRAINT login_device_failures CHECK (failures >= 0)
) ENGINE=InnoDB;
