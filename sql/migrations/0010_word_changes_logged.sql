-- 0010: the moderation log records changes to live words (docs/items.md):
-- 'retire' and 'edit', each one change set of the catalog (0008). Such a
-- row has no submission: reason names the word and the revision, word_id
-- the edited copy's id, stats_after the stats given.
ALTER TABLE moderation_log
  MODIFY action ENUM('approve', 'reject', 'login', 'login_failed', 'retire', 'edit') NOT NULL;
