-- Points a replica at the primary by GTID and starts it (docs/scaling.md).
-- MASTER_USE_GTID = slave_pos: the replica asks for every transaction after
-- the last one it applied, so it resumes by itself after either side
-- restarts. @PRIMARY_HOST@, @PRIMARY_PORT@ and @REPL_PASSWORD@ are filled in
-- by deploy/replication.sh.
STOP SLAVE;
CHANGE MASTER TO
  MASTER_HOST = '@PRIMARY_HOST@',
  MASTER_PORT = @PRIMARY_PORT@,
  MASTER_USER = 'lootforge_repl',
  MASTER_PASSWORD = '@REPL_PASSWORD@',
  MASTER_USE_GTID = slave_pos,
  MASTER_CONNECT_RETRY = 1;
START SLAVE;
