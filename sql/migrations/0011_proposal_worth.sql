-- 0011: a proposal carries its worth (SPEC §7, docs/items.md): for a base
-- (type) word its value in gold pieces (1..100000), for any other part its
-- value_mult in hundredths (40..400). NULL on proposals made before: they
-- take their part's default when approved.
ALTER TABLE submission
  ADD COLUMN IF NOT EXISTS worth INT UNSIGNED NULL
    CHECK (worth IS NULL OR worth BETWEEN 1 AND 100000);
