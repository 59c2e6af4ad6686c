-- The replication user on the primary (docs/scaling.md), with the least
-- privilege a replica needs: REPLICATION SLAVE lets it connect and read the
-- binary log, and nothing else (no table, no other server command).
-- @REPL_HOST@ is the replicas' address pattern (e.g. 10.0.0.%), @REPL_PASSWORD@
-- the password; deploy/replication.sh fills both in and sends this through
-- stdin, so the password appears in no process list.
CREATE USER IF NOT EXISTS 'lootforge_repl'@'@REPL_HOST@' IDENTIFIED BY '@REPL_PASSWORD@';
ALTER USER 'lootforge_repl'@'@REPL_HOST@' IDENTIFIED BY '@REPL_PASSWORD@';
GRANT REPLICATION SLAVE ON *.* TO 'lootforge_repl'@'@REPL_HOST@';
