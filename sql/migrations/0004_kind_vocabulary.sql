-- 0004: the shipped vocabulary of armour, shields and trinkets (the
-- project's own words), in the tables 0003 made.
--
-- Words are lowercase; the generator title-cases them. A name reads element,
-- prefix, material, type, then "of" adjective abstract, e.g. "Fireproof
-- Riveted Steel Breastplate of Unbroken Vigil".
--
-- Scale, beside 0002's weapons (attack about 2-6 at tier 1, 24-34 at 6):
--   armour  defense leads. A body piece gives about 2-3 at tier 1 and 24-28
--           at tier 6; legs about two thirds of that, head half, hands and
--           feet a third or so. Plate costs sneak. Some light pieces trade
--           defense for magic (robe, circlet, vestments, mantle, sorcerer's
--           gloves) or for sneak (hood, wraps, trousers, sandals). hands is
--           0: armour is worn, not held.
--   shield  defense leads, 2-3 at tier 1 up to 16-20 at tier 6; hands is 1;
--           spiked ones add attack, the big ones cost sneak.
--   trinket magic leads, 2 at tier 1 up to 13-15 at tier 6.
--   A material adds about a third to a half of what a type of its tier
--   gives. Elements are worth about 6 points: on armour and shields they
--   protect (a positive flaming, freezing, shocking, holy or evil is a
--   resistance to it); on trinkets they are magic damage, with some magic
--   besides. Prefixes, adjectives and abstracts add 1-4 points, and a few
--   take points away.
--
-- weight (0003) is the relative chance in a random pick: the plain, common
-- words have 2-4. tier_min / tier_max keep a few affixes to the items they
-- suit: grand words for tiers 4-6, shabby ones for tiers 1-2. The rows with
-- active = 0 were retired or never approved: they keep their word taken and
-- let requests for it say why they were not honoured, but are never rolled.
--
-- Plain INSERTs: migrate.sh runs this data-only file in one transaction, so
-- it lands whole or not at all. Each row bumps catalog_revision (0003's
-- triggers); nothing relies on its exact value.

-- ======================================================================
-- Armour
-- ======================================================================

-- Base types, by slot and tier; hands is 0.
INSERT INTO armor_type
  (word,                  tier, slot,    attack, defense, magic, sneak, weight, active)
VALUES
  ('hood',                   1, 'head',       0,       1,     0,     2,      2,      1),
  ('cap',                    1, 'head',       0,       2,     0,     0,      3,      1),
  ('coif',                   2, 'head',       0,       3,     0,     0,      1,      1),
  ('skullcap',               2, 'head',       0,       3,     0,     1,      1,      1),
  ('pot helm',               2, 'head',       0,       3,     0,     0,      1,      0),
  ('helm',                   3, 'head',       0,       5,     0,     0,      2,      1),
  ('bascinet',               3, 'head',       0,       6,     0,     0,      1,      1),
  ('sallet',                 4, 'head',       0,       8,     0,     0,      1,      1),
  ('circlet',                4, 'head',       0,       4,     4,     0,      1,      1),
  ('great helm',             5, 'head',       0,      11,     0,    -1,      1,      1),
  ('armet',                  5, 'head',       0,      11,     0,     0,      1,      1),
  ('crowned helm',           6, 'head',       0,      14,     2,     0,      1,      1),
  ('tunic',                  1, 'body',       0,       2,     0,     1,      2,      1),
  ('jerkin',                 1, 'body',       0,       3,     0,     0,      3,      1),
  ('robe',                   1, 'body',       0,       1,     2,     0,      1,      1),
  ('arming coat',            2, 'body',       0,       5,     0,     0,      1,      1),
  ('gambeson',               2, 'body',       0,       6,     0,     0,      2,      1),
  ('cuirass',                3, 'body',       0,      10,     0,     0,      2,      1),
  ('brigandine',             3, 'body',       0,      10,     0,     0,      1,      1),
  ('hauberk',                3, 'body',       0,      11,     0,    -1,      1,      1),
  ('breastplate',            4, 'body',       0,      15,     0,     0,      1,      1),
  ('lamellar coat',          4, 'body',       0,      15,     0,    -1,      1,      1),
  ('vestments',              4, 'body',       0,       8,     4,     0,      1,      1),
  ('half plate',             5, 'body',       0,      21,     0,    -2,      1,      1),
  ('plate harness',          5, 'body',       0,      22,     0,    -2,      1,      1),
  ('mantle',                 5, 'body',       0,      11,     6,     0,      1,      1),
  ('full plate',             6, 'body',       0,      28,     0,    -3,      1,      1),
  ('battle raiment',         6, 'body',       0,      24,     3,     0,      1,      1),
  ('gloves',                 1, 'hands',      0,       1,     0,     0,      3,      1),
  ('wraps',                  1, 'hands',      0,       1,     0,     1,      1,      1),
  ('mitts',                  2, 'hands',      0,       2,     0,     0,      1,      1),
  ('bracers',                2, 'hands',      0,       2,     0,     0,      2,      1),
  ('vambraces',              3, 'hands',      0,       3,     0,     0,      1,      1),
  ('gauntlets',              3, 'hands',      0,       4,     0,     0,      2,      1),
  ('hourglass gauntlets',    4, 'hands',      0,       6,     0,     0,      1,      1),
  ('sorcerer''s gloves',     4, 'hands',      0,       3,     3,     0,      1,      1),
  ('gadling gauntlets',      5, 'hands',      1,       8,     0,     0,      1,      1),
  ('warlord''s grips',       6, 'hands',      1,      10,     0,     0,      1,      1),
  ('trousers',               1, 'legs',       0,       1,     0,     1,      1,      1),
  ('breeches',               1, 'legs',       0,       1,     0,     0,      2,      1),
  ('leggings',               2, 'legs',       0,       3,     0,     0,      3,      1),
  ('chausses',               2, 'legs',       0,       4,     0,     0,      1,      1),
  ('cuisses',                3, 'legs',       0,       6,     0,     0,      1,      1),
  ('tassets',                3, 'legs',       0,       6,     0,     0,      1,      1),
  ('greaves',                4, 'legs',       0,       9,     0,     0,      2,      1),
  ('full greaves',           5, 'legs',       0,      14,     0,    -1,      1,      1),
  ('colossus greaves',       6, 'legs',       0,      18,     0,    -2,      1,      1),
  ('sandals',                1, 'feet',       0,       1,     0,     1,      1,      1),
  ('shoes',                  1, 'feet',       0,       1,     0,     0,      2,      1),
  ('boots',                  2, 'feet',       0,       2,     0,     0,      3,      1),
  ('buskins',                2, 'feet',       0,       2,     0,     1,      1,      1),
  ('jackboots',              3, 'feet',       0,       4,     0,     0,      1,      1),
  ('sollerets',              4, 'feet',       0,       6,     0,     0,      1,      1),
  ('sabatons',               5, 'feet',       0,       8,     0,     0,      1,      1),
  ('greatboots',             5, 'feet',       0,       8,     0,    -1,      1,      1),
  ('striders',               6, 'feet',       0,      11,     0,     1,      1,      1);

-- Materials, by tier.
INSERT INTO armor_material
  (word,              tier, defense, magic, flaming, freezing, evil, sneak, weight, active)
VALUES
  ('cloth',              1,       1,     0,       0,        0,    0,     1,      3,      1),
  ('wool',               1,       1,     0,       0,        1,    0,     0,      1,      1),
  ('hide',               1,       2,     0,       0,        0,    0,     0,      1,      1),
  ('leather',            2,       2,     0,       0,        0,    0,     1,      3,      1),
  ('bone',               2,       2,     1,       0,        0,    1,     0,      1,      1),
  ('studded leather',    2,       3,     0,       0,        0,    0,     0,      1,      1),
  ('bronze',             3,       4,     0,       0,        0,    0,     0,      1,      1),
  ('chain',              3,       4,     0,       0,        0,    0,     0,      2,      1),
  ('scale',              3,       5,     0,       0,        0,    0,    -1,      1,      1),
  ('iron',               4,       6,     0,       0,        0,    0,     0,      2,      1),
  ('steel',              4,       7,     0,       0,        0,    0,     0,      1,      1),
  ('spidersilk',         4,       4,     2,       0,        0,    0,     3,      1,      1),
  ('mithril',            5,       9,     2,       0,        0,    0,     2,      1,      1),
  ('runesteel',          5,      10,     3,       0,        0,    0,     0,      1,      1),
  ('adamant',            6,      13,     0,       0,        0,    0,     0,      1,      1),
  ('dragonscale',        6,      11,     0,       5,        0,    0,     0,      1,      1),
  ('voidweave',          6,       7,     6,       0,        0,    3,     3,      1,      1);

-- Elements: the protection an armour piece gives.
INSERT INTO armor_element
  (word,            defense, magic, flaming, freezing, shocking, holy, evil, weight, tier_min, active)
VALUES
  ('fireproof',           0,     0,       6,        0,        0,    0,    0,      1,     NULL,      1),
  ('frostproof',          0,     0,       0,        6,        0,    0,    0,      1,     NULL,      1),
  ('insulated',           0,     0,       0,        0,        6,    0,    0,      1,     NULL,      1),
  ('warding',             1,     4,       0,        0,        0,    0,    0,      3,     NULL,      1),
  ('hallowed',            0,     0,       0,        0,        0,    6,    0,      1,     NULL,      1),
  ('umbral',              0,     0,       0,        0,        0,    0,    6,      1,     NULL,      1),
  ('spellwoven',          0,     5,       0,        0,        0,    0,    0,      1,     NULL,      1),
  ('radiant',             0,     1,       2,        0,        0,    4,    0,      1,     NULL,      1),
  ('grave-touched',       0,     0,       0,        2,        0,    0,    4,      1,     NULL,      1),
  ('prismatic',           0,     0,       3,        3,        3,    0,    0,      1,        4,      1);

-- Prefixes, before the material.
INSERT INTO armor_prefix
  (word,           attack, defense, magic, holy, sneak, weight, tier_min, tier_max, active)
VALUES
  ('sturdy',            0,       2,     0,    0,     0,      3,     NULL,     NULL,      1),
  ('dented',            0,      -1,     0,    0,     0,      2,     NULL,     NULL,      1),
  ('patched',           0,      -1,     0,    0,     0,      1,     NULL,        2,      1),
  ('threadbare',        0,      -2,     0,    0,     0,      1,     NULL,        2,      1),
  ('battered',          0,      -2,     0,    0,     0,      1,     NULL,        3,      1),
  ('padded',            0,       1,     0,    0,     0,      2,     NULL,     NULL,      1),
  ('reinforced',        0,       3,     0,    0,     0,      1,     NULL,     NULL,      1),
  ('hardened',          0,       2,     0,    0,     0,      1,     NULL,     NULL,      1),
  ('layered',           0,       3,     0,    0,    -1,      1,     NULL,     NULL,      1),
  ('riveted',           0,       2,     0,    0,     0,      1,     NULL,     NULL,      1),
  ('polished',          0,       1,     1,    0,     0,      1,     NULL,     NULL,      1),
  ('fitted',            0,       1,     0,    0,     1,      1,     NULL,     NULL,      1),
  ('lightweight',       0,      -1,     0,    0,     2,      1,     NULL,     NULL,      1),
  ('silent',            0,       0,     0,    0,     3,      1,     NULL,     NULL,      1),
  ('blackened',         0,       1,     0,    0,     2,      1,     NULL,     NULL,      1),
  ('oiled',             0,       1,     0,    0,     1,      1,     NULL,     NULL,      1),
  ('bulky',             0,       3,     0,    0,    -2,      1,     NULL,     NULL,      1),
  ('spiked',            1,       1,     0,    0,     0,      1,     NULL,     NULL,      1),
  ('gilded',            0,       0,     1,    1,     0,      1,     NULL,     NULL,      1),
  ('ceremonial',        0,      -1,     2,    1,     0,      1,     NULL,     NULL,      1),
  ('runed',             0,       0,     3,    0,     0,      1,        3,     NULL,      1),
  ('tempered',          0,       3,     0,    0,     0,      1,        3,     NULL,      1),
  ('masterforged',      0,       5,     0,    0,     0,      1,        4,     NULL,      1),
  ('moth-eaten',        0,      -2,     0,    0,     0,      1,     NULL,     NULL,      0);

-- Adjectives, after "of".
INSERT INTO armor_adjective
  (word,          defense, magic, flaming, freezing, holy, evil, sneak, weight, tier_min, tier_max, active)
VALUES
  ('unbroken',          2,     0,       0,        0,    0,    0,     0,      1,     NULL,     NULL,      1),
  ('steadfast',         2,     0,       0,        0,    0,    0,     0,      2,     NULL,     NULL,      1),
  ('eternal',           1,     1,       0,        0,    0,    0,     0,      1,     NULL,     NULL,      1),
  ('forgotten',         0,     0,       0,        0,    0,    0,     2,      1,     NULL,     NULL,      1),
  ('fallen',            0,     0,       0,        0,    0,    2,     0,      1,     NULL,     NULL,      1),
  ('sworn',             1,     0,       0,        0,    1,    0,     0,      1,     NULL,     NULL,      1),
  ('sleeping',          0,     1,       0,        0,    0,    0,     1,      1,     NULL,     NULL,      1),
  ('vigilant',          2,     0,       0,        0,    0,    0,     0,      1,     NULL,     NULL,      1),
  ('northern',          0,     0,       0,        2,    0,    0,     0,      1,     NULL,     NULL,      1),
  ('hollow',            0,     0,       0,        0,    0,    1,     1,      1,     NULL,     NULL,      1),
  ('weeping',           0,     1,       0,        0,    0,    1,     0,      1,     NULL,     NULL,      1),
  ('shining',           0,     0,       0,        0,    2,    0,     0,      1,     NULL,     NULL,      1),
  ('grim',              1,     0,       0,        0,    0,    1,     0,      1,     NULL,     NULL,      1),
  ('patient',           1,     0,       0,        0,    0,    0,     1,      1,     NULL,     NULL,      1),
  ('last',              2,     0,       0,        0,    0,    0,     0,      1,     NULL,     NULL,      1),
  ('ashen',             0,     0,       2,        0,    0,    0,     0,      1,     NULL,     NULL,      1),
  ('frozen',            0,     0,       0,        2,    0,    0,     0,      1,     NULL,     NULL,      1),
  ('sacred',            0,     0,       0,        0,    3,    0,     0,      1,     NULL,     NULL,      1),
  ('profane',           0,     0,       0,        0,    0,    3,     0,      1,     NULL,     NULL,      1),
  ('quiet',             0,     0,       0,        0,    0,    0,     2,      1,     NULL,     NULL,      1),
  ('iron-willed',       2,     1,       0,        0,    0,    0,     0,      1,     NULL,     NULL,      1),
  ('humble',            1,     0,       0,        0,    0,    0,     0,      1,     NULL,        2,      1),
  ('elder',             0,     3,       0,        0,    0,    0,     0,      1,        4,     NULL,      1),
  ('endless',           3,     0,       0,        0,    0,    0,     0,      1,        5,     NULL,      1);

-- Abstracts, the last word(s) of the "of" phrase.
INSERT INTO armor_abstract
  (word,             attack, defense, magic, flaming, freezing, shocking, holy, evil, sneak, weight, tier_min, tier_max, active)
VALUES
  ('vigil',               0,       2,     0,       0,        0,        0,    0,    0,     0,      2,     NULL,     NULL,      1),
  ('the bulwark',         0,       3,     0,       0,        0,        0,    0,    0,     0,      1,     NULL,     NULL,      1),
  ('the watch',           0,       1,     0,       0,        0,        0,    0,    0,     1,      1,     NULL,     NULL,      1),
  ('the tortoise',        0,       3,     0,       0,        0,        0,    0,    0,    -1,      1,     NULL,     NULL,      1),
  ('the mountain',        0,       3,     0,       0,        0,        0,    0,    0,     0,      1,     NULL,     NULL,      1),
  ('endurance',           0,       2,     0,       0,        0,        0,    0,    0,     0,      1,     NULL,     NULL,      1),
  ('the sentinel',        0,       2,     0,       0,        0,        0,    0,    0,     0,      1,     NULL,     NULL,      1),
  ('refuge',              0,       1,     0,       0,        0,        0,    1,    0,     0,      1,     NULL,     NULL,      1),
  ('the wall',            0,       2,     0,       0,        0,        0,    0,    0,     0,      2,     NULL,     NULL,      1),
  ('the oath',            0,       0,     0,       0,        0,        0,    2,    0,     0,      1,     NULL,     NULL,      1),
  ('the knight',          1,       1,     0,       0,        0,        0,    0,    0,     0,      1,     NULL,     NULL,      1),
  ('resolve',             0,       1,     1,       0,        0,        0,    0,    0,     0,      1,     NULL,     NULL,      1),
  ('the bastion',         0,       3,     0,       0,        0,        0,    0,    0,     0,      1,     NULL,     NULL,      1),
  ('the stag',            0,       0,     0,       0,        0,        0,    0,    0,     2,      1,     NULL,     NULL,      1),
  ('winter',              0,       0,     0,       0,        2,        0,    0,    0,     0,      1,     NULL,     NULL,      1),
  ('embers',              0,       0,     0,       2,        0,        0,    0,    0,     0,      1,     NULL,     NULL,      1),
  ('the storm',           0,       0,     0,       0,        0,        2,    0,    0,     0,      1,     NULL,     NULL,      1),
  ('the tide',            0,       0,     0,       0,        1,        1,    0,    0,     0,      1,     NULL,     NULL,      1),
  ('the crypt',           0,       0,     0,       0,        0,        0,    0,    2,     0,      1,     NULL,     NULL,      1),
  ('dawn',                0,       0,     0,       0,        0,        0,    2,    0,     0,      1,     NULL,     NULL,      1),
  ('dusk',                0,       0,     0,       0,        0,        0,    0,    1,     1,      1,     NULL,     NULL,      1),
  ('the pilgrim',         0,       0,     0,       0,        0,        0,    1,    0,     1,      1,     NULL,     NULL,      1),
  ('the gatekeeper',      0,       2,     0,       0,        0,        0,    0,    0,     0,      1,     NULL,     NULL,      1),
  ('the warden',          0,       1,     1,       0,        0,        0,    0,    0,     0,      1,     NULL,     NULL,      1),
  ('the hearth',          0,       0,     0,       1,        1,        0,    0,    0,     0,      1,     NULL,     NULL,      1),
  ('stone',               0,       2,     0,       0,        0,        0,    0,    0,    -1,      1,     NULL,     NULL,      1),
  ('the boar',            1,       1,     0,       0,        0,        0,    0,    0,     0,      1,     NULL,     NULL,      1),
  ('the anvil',           0,       3,     0,       0,        0,        0,    0,    0,    -1,      1,     NULL,     NULL,      1),
  ('thorns',              2,       0,     0,       0,        0,        0,    0,    0,     0,      1,     NULL,     NULL,      1),
  ('the phantom',         0,       0,     0,       0,        0,        0,    0,    0,     3,      1,     NULL,     NULL,      1),
  ('the recruit',         0,       1,     0,       0,        0,        0,    0,    0,     0,      1,     NULL,        2,      1),
  ('the undying',         0,       4,     0,       0,        0,        0,    0,    0,     0,      1,        5,     NULL,      1),
  ('the jester',          0,       0,     0,       0,        0,        0,    0,    0,     1,      1,     NULL,     NULL,      0);

-- ======================================================================
-- Shields
-- ======================================================================

-- Base types, by tier; all held in the off hand (hands 1).
INSERT INTO shield_type
  (word,               tier, slot,       hands, attack, defense, magic, sneak, crit, weight, active)
VALUES
  ('buckler',             1, 'off hand',     1,      0,       2,     0,     0,    0,      3,      1),
  ('fist shield',         1, 'off hand',     1,      1,       2,     0,     0,    0,      1,      1),
  ('parma',               1, 'off hand',     1,      0,       3,     0,    -1,    0,      1,      1),
  ('pot lid',             1, 'off hand',     1,      0,       1,     0,     0,    0,      1,      0),
  ('targe',               2, 'off hand',     1,      0,       4,     0,     0,    0,      2,      1),
  ('round shield',        2, 'off hand',     1,      0,       4,     0,     0,    0,      2,      1),
  ('spiked buckler',      2, 'off hand',     1,      2,       3,     0,     0,    0,      1,      1),
  ('heater',              3, 'off hand',     1,      0,       6,     0,     0,    0,      2,      1),
  ('hoplon',              3, 'off hand',     1,      0,       7,     0,    -1,    0,      1,      1),
  ('scutum',              3, 'off hand',     1,      0,       7,     0,    -1,    0,      1,      1),
  ('duelling buckler',    3, 'off hand',     1,      1,       4,     0,     0,    1,      1,      1),
  ('kite shield',         4, 'off hand',     1,      0,       9,     0,     0,    0,      2,      1),
  ('rondache',            4, 'off hand',     1,      0,       9,     0,     0,    0,      1,      1),
  ('spiked targe',        4, 'off hand',     1,      3,       7,     0,     0,    0,      1,      1),
  ('tower shield',        5, 'off hand',     1,      0,      13,     0,    -2,    0,      1,      1),
  ('pavise',              5, 'off hand',     1,      0,      14,     0,    -3,    0,      1,      1),
  ('mantlet',             5, 'off hand',     1,      0,      12,     0,    -2,    0,      1,      1),
  ('aegis',               6, 'off hand',     1,      0,      18,     2,     0,    0,      1,      1),
  ('great pavise',        6, 'off hand',     1,      0,      20,     0,    -3,    0,      1,      1),
  ('thornwall',           6, 'off hand',     1,      4,      16,     0,     0,    0,      1,      1);

-- Materials, by tier.
INSERT INTO shield_material
  (word,         tier, defense, magic, flaming, evil, sneak, weight, active)
VALUES
  ('wicker',        1,       1,     0,       0,    0,     1,      1,      1),
  ('wood',          1,       2,     0,       0,    0,     0,      3,      1),
  ('hide',          1,       1,     0,       0,    0,     1,      2,      1),
  ('oak',           2,       3,     0,       0,    0,     0,      1,      1),
  ('bronze',        2,       3,     0,       0,    0,     0,      1,      1),
  ('bone',          2,       2,     1,       0,    1,     0,      1,      1),
  ('iron',          3,       4,     0,       0,    0,     0,      2,      1),
  ('darkwood',      3,       4,     0,       0,    0,     1,      1,      1),
  ('ironwood',      4,       5,     1,       0,    0,     0,      1,      1),
  ('steel',         4,       6,     0,       0,    0,     0,      1,      1),
  ('mithril',       5,       7,     2,       0,    0,     1,      1,      1),
  ('runesteel',     5,       8,     2,       0,    0,     0,      1,      1),
  ('adamant',       6,      10,     0,       0,    0,     0,      1,      1),
  ('dragonbone',    6,       8,     2,       3,    0,     0,      1,      1);

-- Elements: protection, as on armour.
INSERT INTO shield_element
  (word,            attack, defense, magic, flaming, freezing, shocking, holy, evil, weight, tier_min, active)
VALUES
  ('fireproof',          0,       0,     0,       6,        0,        0,    0,    0,      1,     NULL,      1),
  ('frostproof',         0,       0,     0,       0,        6,        0,    0,    0,      1,     NULL,      1),
  ('grounded',           0,       0,     0,       0,        0,        6,    0,    0,      1,     NULL,      1),
  ('blessed',            0,       0,     0,       0,        0,        0,    6,    0,      1,     NULL,      1),
  ('shadowed',           0,       0,     0,       0,        0,        0,    0,    6,      1,     NULL,      1),
  ('warded',             0,       1,     3,       0,        0,        0,    0,    0,      3,     NULL,      1),
  ('reflecting',         0,       1,     4,       0,        0,        0,    0,    0,      1,     NULL,      1),
  ('sunblazed',          0,       0,     0,       2,        0,        0,    4,    0,      1,     NULL,      1),
  ('thunderstruck',      1,       0,     0,       0,        0,        4,    0,    0,      1,     NULL,      1),
  ('spellbreaking',      0,       0,     6,       0,        0,        0,    0,    0,      1,        4,      1);

-- Prefixes, before the material.
INSERT INTO shield_prefix
  (word,           attack, defense, magic, holy, sneak, weight, tier_min, tier_max, active)
VALUES
  ('sturdy',            0,       2,     0,    0,     0,      3,     NULL,     NULL,      1),
  ('dented',            0,      -1,     0,    0,     0,      2,     NULL,     NULL,      1),
  ('cracked',           0,      -2,     0,    0,     0,      1,     NULL,        2,      1),
  ('warped',            0,      -1,     0,    0,     0,      1,     NULL,        3,      1),
  ('weathered',         0,      -1,     0,    0,     0,      1,     NULL,     NULL,      1),
  ('painted',           0,       0,     0,    0,    -1,      2,     NULL,     NULL,      1),
  ('reinforced',        0,       3,     0,    0,     0,      1,     NULL,     NULL,      1),
  ('banded',            0,       2,     0,    0,     0,      1,     NULL,     NULL,      1),
  ('rimmed',            0,       1,     0,    0,     0,      1,     NULL,     NULL,      1),
  ('domed',             0,       2,     0,    0,     0,      1,     NULL,     NULL,      1),
  ('broad',             0,       2,     0,    0,    -1,      1,     NULL,     NULL,      1),
  ('light',             0,      -1,     0,    0,     1,      1,     NULL,     NULL,      1),
  ('studded',           1,       1,     0,    0,     0,      1,     NULL,     NULL,      1),
  ('spiked',            2,       0,     0,    0,     0,      1,     NULL,     NULL,      1),
  ('balanced',          1,       1,     0,    0,     0,      1,     NULL,     NULL,      1),
  ('polished',          0,       1,     1,    0,     0,      1,     NULL,     NULL,      1),
  ('heraldic',          0,       0,     1,    1,     0,      1,     NULL,     NULL,      1),
  ('tempered',          0,       3,     0,    0,     0,      1,        3,     NULL,      1),
  ('masterforged',      0,       5,     0,    0,     0,      1,        4,     NULL,      1),
  ('splintered',        0,      -3,     0,    0,     0,      1,     NULL,     NULL,      0);

-- Adjectives, after "of".
INSERT INTO shield_adjective
  (word,         attack, defense, magic, freezing, holy, evil, sneak, crit, weight, tier_min, tier_max, active)
VALUES
  ('unyielding',      0,       2,     0,        0,    0,    0,     0,    0,      2,     NULL,     NULL,      1),
  ('stalwart',        0,       2,     0,        0,    0,    0,     0,    0,      1,     NULL,     NULL,      1),
  ('faithful',        0,       1,     0,        0,    1,    0,     0,    0,      1,     NULL,     NULL,      1),
  ('ancient',         0,       1,     1,        0,    0,    0,     0,    0,      1,     NULL,     NULL,      1),
  ('lost',            0,       0,     0,        0,    0,    0,     2,    0,      1,     NULL,     NULL,      1),
  ('crimson',         1,       0,     0,        0,    0,    0,     0,    0,      1,     NULL,     NULL,      1),
  ('golden',          0,       0,     1,        0,    1,    0,     0,    0,      1,     NULL,     NULL,      1),
  ('silent',          0,       0,     0,        0,    0,    0,     2,    0,      1,     NULL,     NULL,      1),
  ('towering',        0,       3,     0,        0,    0,    0,    -1,    0,      1,     NULL,     NULL,      1),
  ('watchful',        0,       1,     0,        0,    0,    0,     0,    1,      1,     NULL,     NULL,      1),
  ('unbowed',         0,       2,     0,        0,    0,    0,     0,    0,      1,     NULL,     NULL,      1),
  ('sunken',          0,       0,     0,        1,    0,    1,     0,    0,      1,     NULL,     NULL,      1),
  ('hallowed',        0,       0,     0,        0,    2,    0,     0,    0,      1,     NULL,     NULL,      1),
  ('dread',           0,       0,     0,        0,    0,    2,     0,    0,      1,     NULL,     NULL,      1),
  ('tireless',        0,       1,     0,        0,    0,    0,     0,    0,      1,     NULL,     NULL,      1),
  ('lonely',          0,       0,     0,        0,    0,    0,     1,    0,      1,     NULL,     NULL,      1),
  ('wandering',       0,       0,     1,        0,    0,    0,     1,    0,      1,     NULL,     NULL,      1),
  ('old',             0,       1,     0,        0,    0,    0,     0,    0,      1,     NULL,        2,      1),
  ('royal',           0,       2,     0,        0,    1,    0,     0,    0,      1,        4,     NULL,      1),
  ('final',           0,       3,     0,        0,    0,    0,     0,    0,      1,        5,     NULL,      1);

-- Abstracts, the last word(s) of the "of" phrase.
INSERT INTO shield_abstract
  (word,               attack, defense, magic, freezing, shocking, holy, sneak, crit, weight, tier_min, tier_max, active)
VALUES
  ('defiance',              0,       2,     0,        0,        0,    0,     0,    0,      2,     NULL,     NULL,      1),
  ('mercy',                 0,       1,     0,        0,        0,    1,     0,    0,      1,     NULL,     NULL,      1),
  ('valour',                1,       1,     0,        0,        0,    0,     0,    0,      1,     NULL,     NULL,      1),
  ('shelter',               0,       2,     0,        0,        0,    0,     0,    0,      1,     NULL,     NULL,      1),
  ('duty',                  0,       1,     0,        0,        0,    1,     0,    0,      1,     NULL,     NULL,      1),
  ('the wall',              0,       2,     0,        0,        0,    0,     0,    0,      2,     NULL,     NULL,      1),
  ('the gate',              0,       2,     0,        0,        0,    0,     0,    0,      1,     NULL,     NULL,      1),
  ('the keep',              0,       3,     0,        0,        0,    0,     0,    0,      1,     NULL,     NULL,      1),
  ('the rampart',           0,       3,     0,        0,        0,    0,    -1,    0,      1,     NULL,     NULL,      1),
  ('the phalanx',           1,       2,     0,        0,        0,    0,     0,    0,      1,     NULL,     NULL,      1),
  ('the vanguard',          2,       0,     0,        0,        0,    0,     0,    0,      1,     NULL,     NULL,      1),
  ('the rearguard',         0,       1,     0,        0,        0,    0,     1,    0,      1,     NULL,     NULL,      1),
  ('the ford',              0,       1,     0,        1,        0,    0,     0,    0,      1,     NULL,     NULL,      1),
  ('the bridge',            0,       2,     0,        0,        0,    0,     0,    0,      1,     NULL,     NULL,      1),
  ('the lion',              1,       1,     0,        0,        0,    0,     0,    0,      1,     NULL,     NULL,      1),
  ('the griffin',           0,       1,     0,        0,        1,    0,     0,    0,      1,     NULL,     NULL,      1),
  ('the covenant',          0,       0,     0,        0,        0,    2,     0,    0,      1,     NULL,     NULL,      1),
  ('the tower',             0,       2,     1,        0,        0,    0,     0,    0,      1,     NULL,     NULL,      1),
  ('the hound',             0,       0,     0,        0,        0,    0,     1,    1,      1,     NULL,     NULL,      1),
  ('the crusade',           1,       0,     0,        0,        0,    1,     0,    0,      1,     NULL,     NULL,      1),
  ('the anvil',             0,       3,     0,        0,        0,    0,    -1,    0,      1,     NULL,     NULL,      1),
  ('the stockade',          0,       2,     0,        0,        0,    0,     0,    0,      1,     NULL,     NULL,      1),
  ('the militia',           0,       1,     0,        0,        0,    0,     0,    0,      1,     NULL,        2,      1),
  ('the siegebreaker',      2,       2,     0,        0,        0,    0,     0,    0,      1,        4,     NULL,      1),
  ('the last dawn',         0,       2,     0,        0,        0,    2,     0,    0,      1,        5,     NULL,      1),
  ('the doormat',           0,       1,     0,        0,        0,    0,     0,    0,      1,     NULL,     NULL,      0);

-- ======================================================================
-- Trinkets
-- ======================================================================

-- Base types, by slot and tier: rings on a finger, the rest at the neck.
INSERT INTO trinket_type
  (word,            tier, slot,     attack, defense, magic, holy, evil, sneak, crit, weight, active)
VALUES
  ('ring',             1, 'finger',      0,       0,     2,    0,    0,     0,    0,      3,      1),
  ('band',             1, 'finger',      0,       1,     2,    0,    0,     0,    0,      2,      1),
  ('loop',             1, 'finger',      0,       0,     2,    0,    0,     1,    0,      1,      1),
  ('signet',           2, 'finger',      0,       0,     3,    0,    0,     0,    0,      2,      1),
  ('thumb ring',       2, 'finger',      1,       0,     3,    0,    0,     0,    0,      1,      1),
  ('double band',      3, 'finger',      0,       1,     4,    0,    0,     0,    0,      1,      1),
  ('seal ring',        3, 'finger',      0,       0,     5,    0,    0,     0,    0,      1,      1),
  ('cabochon ring',    4, 'finger',      0,       0,     7,    0,    0,     0,    0,      1,      1),
  ('puzzle ring',      4, 'finger',      0,       0,     6,    0,    0,     2,    0,      1,      1),
  ('spellring',        5, 'finger',      0,       0,    10,    0,    0,     0,    0,      1,      1),
  ('sigil ring',       5, 'finger',      0,       0,     9,    0,    0,     0,    1,      1,      1),
  ('archon ring',      6, 'finger',      0,       0,    14,    0,    0,     0,    0,      1,      1),
  ('eternity band',    6, 'finger',      0,       2,    13,    0,    0,     0,    0,      1,      1),
  ('bead',             1, 'neck',        0,       0,     1,    0,    0,     0,    0,      1,      0),
  ('charm',            1, 'neck',        0,       0,     2,    0,    0,     0,    0,      3,      1),
  ('token',            1, 'neck',        0,       0,     2,    0,    0,     0,    1,      1,      1),
  ('pendant',          2, 'neck',        0,       0,     3,    0,    0,     0,    0,      2,      1),
  ('locket',           2, 'neck',        0,       0,     3,    0,    0,     1,    0,      1,      1),
  ('amulet',           2, 'neck',        0,       0,     4,    0,    0,     0,    0,      1,      1),
  ('torc',             3, 'neck',        0,       1,     5,    0,    0,     0,    0,      1,      1),
  ('medallion',        3, 'neck',        0,       0,     5,    1,    0,     0,    0,      1,      1),
  ('talisman',         4, 'neck',        0,       0,     8,    0,    0,     0,    0,      1,      1),
  ('periapt',          4, 'neck',        0,       1,     7,    0,    0,     0,    0,      1,      1),
  ('reliquary',        5, 'neck',        0,       0,     9,    3,    0,     0,    0,      1,      1),
  ('phylactery',       5, 'neck',        0,       0,    10,    0,    2,     0,    0,      1,      1),
  ('heartstone',       6, 'neck',        0,       0,    15,    0,    0,     0,    0,      1,      1),
  ('great torc',       6, 'neck',        0,       2,    13,    0,    0,     0,    0,      1,      1);

-- Materials, by tier.
INSERT INTO trinket_material
  (word,         tier, attack, defense, magic, flaming, freezing, shocking, holy, evil, sneak, weight, active)
VALUES
  ('copper',        1,      0,       0,     1,       0,        0,        0,    0,    0,     0,      3,      1),
  ('bone',          1,      0,       0,     1,       0,        0,        0,    0,    1,     0,      1,      1),
  ('brass',         1,      0,       1,     1,       0,        0,        0,    0,    0,     0,      1,      1),
  ('silver',        2,      0,       0,     2,       0,        0,        0,    1,    0,     0,      2,      1),
  ('amber',         2,      0,       0,     2,       1,        0,        0,    0,    0,     0,      1,      1),
  ('gold',          3,      0,       0,     3,       0,        0,        0,    0,    0,     0,      2,      1),
  ('jade',          3,      0,       1,     3,       0,        0,        0,    0,    0,     0,      1,      1),
  ('coral',         3,      0,       0,     3,       0,        1,        0,    0,    0,     0,      1,      1),
  ('moonstone',     4,      0,       0,     5,       0,        0,        0,    0,    0,     1,      1,      1),
  ('obsidian',      4,      0,       0,     4,       0,        0,        0,    0,    2,     0,      1,      1),
  ('electrum',      4,      0,       0,     4,       0,        0,        1,    0,    0,     0,      1,      1),
  ('star-iron',     5,      1,       0,     6,       0,        0,        0,    0,    0,     0,      1,      1),
  ('sunstone',      5,      0,       0,     6,       0,        0,        0,    2,    0,     0,      1,      1),
  ('mithril',       5,      0,       0,     7,       0,        0,        0,    0,    0,     0,      1,      1),
  ('orichalcum',    6,      0,       0,     9,       0,        0,        0,    0,    0,     0,      1,      1),
  ('voidglass',     6,      0,       0,     8,       0,        0,        0,    0,    2,     0,      1,      1);

-- Elements: magic damage of their kind, plus some magic.
INSERT INTO trinket_element
  (word,         magic, flaming, freezing, shocking, holy, evil, weight, tier_min, active)
VALUES
  ('flaming',        2,       4,        0,        0,    0,    0,      1,     NULL,      1),
  ('freezing',       2,       0,        4,        0,    0,    0,      1,     NULL,      1),
  ('shocking',       2,       0,        0,        4,    0,    0,      1,     NULL,      1),
  ('hallowed',       2,       0,        0,        0,    4,    0,      1,     NULL,      1),
  ('unholy',         2,       0,        0,        0,    0,    4,      1,     NULL,      1),
  ('arcane',         5,       0,        0,        0,    0,    0,      2,     NULL,      1),
  ('radiant',        2,       2,        0,        0,    3,    0,      1,     NULL,      1),
  ('blighted',       2,       0,        2,        0,    0,    3,      1,     NULL,      1),
  ('eldritch',       6,       0,        0,        0,    0,    1,      1,        3,      1),
  ('scorching',      2,       6,        0,        0,    0,    0,      1,        4,      1),
  ('glacial',        2,       0,        6,        0,    0,    0,      1,        4,      1),
  ('thundering',     2,       0,        0,        6,    0,    0,      1,        4,      1);

-- Prefixes, before the material.
INSERT INTO trinket_prefix
  (word,         defense, magic, flaming, freezing, shocking, holy, sneak, crit, weight, tier_min, tier_max, active)
VALUES
  ('tarnished',        0,    -1,       0,        0,        0,    0,     0,    0,      2,     NULL,        2,      1),
  ('worn',             0,    -1,       0,        0,        0,    0,     0,    0,      2,     NULL,        3,      1),
  ('polished',         0,     1,       0,        0,        0,    0,     0,    0,      2,     NULL,     NULL,      1),
  ('etched',           0,     1,       0,        0,        0,    0,     0,    0,      1,     NULL,     NULL,      1),
  ('engraved',         0,     2,       0,        0,        0,    0,     0,    0,      1,     NULL,     NULL,      1),
  ('gem-set',          0,     2,       0,        0,        0,    0,     0,    0,      1,     NULL,     NULL,      1),
  ('filigree',         0,     2,       0,        0,        0,    0,     0,    0,      1,     NULL,     NULL,      1),
  ('braided',          1,     1,       0,        0,        0,    0,     0,    0,      1,     NULL,     NULL,      1),
  ('gilded',           0,     1,       0,        0,        0,    1,     0,    0,      1,     NULL,     NULL,      1),
  ('delicate',        -1,     2,       0,        0,        0,    0,     0,    0,      1,     NULL,     NULL,      1),
  ('glowing',          0,     2,       0,        0,        0,    0,     0,    0,      1,     NULL,     NULL,      1),
  ('humming',          0,     1,       0,        0,        1,    0,     0,    0,      1,     NULL,     NULL,      1),
  ('whispering',       0,     1,       0,        0,        0,    0,     1,    0,      1,     NULL,     NULL,      1),
  ('warm',             0,     1,       1,        0,        0,    0,     0,    0,      1,     NULL,     NULL,      1),
  ('cold',             0,     1,       0,        1,        0,    0,     0,    0,      1,     NULL,     NULL,      1),
  ('shadowed',         0,     0,       0,        0,        0,    0,     3,    0,      1,     NULL,     NULL,      1),
  ('lucky',            0,     0,       0,        0,        0,    0,     0,    2,      1,     NULL,     NULL,      1),
  ('runic',            0,     3,       0,        0,        0,    0,     0,    0,      1,        3,     NULL,      1),
  ('resonant',         0,     3,       0,        0,        0,    0,     0,    0,      1,        3,     NULL,      1),
  ('starlit',          0,     4,       0,        0,        0,    0,     0,    0,      1,        5,     NULL,      1),
  ('garish',           0,    -1,       0,        0,        0,    0,     0,    0,      1,     NULL,     NULL,      0);

-- Adjectives, after "of".
INSERT INTO trinket_adjective
  (word,        magic, flaming, freezing, holy, evil, sneak, crit, weight, tier_min, tier_max, active)
VALUES
  ('hidden',        0,       0,        0,    0,    0,     2,    0,      1,     NULL,     NULL,      1),
  ('secret',        1,       0,        0,    0,    0,     1,    0,      1,     NULL,     NULL,      1),
  ('dreaming',      2,       0,        0,    0,    0,     0,    0,      1,     NULL,     NULL,      1),
  ('forgotten',     1,       0,        0,    0,    0,     1,    0,      1,     NULL,     NULL,      1),
  ('distant',       1,       0,        0,    0,    0,     0,    0,      1,     NULL,     NULL,      1),
  ('elder',         2,       0,        0,    0,    0,     0,    0,      2,     NULL,     NULL,      1),
  ('wise',          2,       0,        0,    0,    0,     0,    0,      1,     NULL,     NULL,      1),
  ('cunning',       0,       0,        0,    0,    0,     1,    1,      1,     NULL,     NULL,      1),
  ('crimson',       1,       1,        0,    0,    0,     0,    0,      1,     NULL,     NULL,      1),
  ('pale',          1,       0,        1,    0,    0,     0,    0,      1,     NULL,     NULL,      1),
  ('true',          1,       0,        0,    1,    0,     0,    0,      1,     NULL,     NULL,      1),
  ('bright',        0,       0,        0,    2,    0,     0,    0,      1,     NULL,     NULL,      1),
  ('midnight',      0,       0,        0,    0,    1,     1,    0,      1,     NULL,     NULL,      1),
  ('seventh',       0,       0,        0,    0,    0,     0,    2,      1,     NULL,     NULL,      1),
  ('hungry',        0,       0,        0,    0,    2,     0,    0,      1,     NULL,     NULL,      1),
  ('unspoken',      2,       0,        0,    0,    0,     1,    0,      1,     NULL,     NULL,      1),
  ('fickle',        1,       0,        0,    0,    0,     0,    1,      1,     NULL,     NULL,      1),
  ('lesser',        1,       0,        0,    0,    0,     0,    0,      1,     NULL,        2,      1),
  ('greater',       3,       0,        0,    0,    0,     0,    0,      1,        4,     NULL,      1),
  ('infinite',      4,       0,        0,    0,    0,     0,    0,      1,        5,     NULL,      1);

-- Abstracts, the last word(s) of the "of" phrase.
INSERT INTO trinket_abstract
  (word,                defense, magic, flaming, freezing, shocking, holy, evil, sneak, crit, weight, tier_min, tier_max, active)
VALUES
  ('the magus',               0,     2,       0,        0,        0,    0,    0,     0,    0,      2,     NULL,     NULL,      1),
  ('the owl',                 0,     1,       0,        0,        0,    0,    0,     1,    0,      1,     NULL,     NULL,      1),
  ('the serpent',             0,     0,       0,        0,        0,    0,    1,     1,    0,      1,     NULL,     NULL,      1),
  ('the moon',                0,     1,       0,        1,        0,    0,    0,     0,    0,      1,     NULL,     NULL,      1),
  ('the stars',               0,     2,       0,        0,        0,    0,    0,     0,    0,      1,     NULL,     NULL,      1),
  ('fortune',                 0,     0,       0,        0,        0,    0,    0,     0,    2,      2,     NULL,     NULL,      1),
  ('secrets',                 0,     0,       0,        0,        0,    0,    0,     2,    0,      1,     NULL,     NULL,      1),
  ('the oracle',              0,     2,       0,        0,        0,    0,    0,     0,    0,      1,     NULL,     NULL,      1),
  ('dreams',                  0,     2,       0,        0,        0,    0,    0,     0,    0,      1,     NULL,     NULL,      1),
  ('the raven',               0,     0,       0,        0,        0,    0,    1,     1,    0,      1,     NULL,     NULL,      1),
  ('the fox',                 0,     0,       0,        0,        0,    0,    0,     2,    0,      1,     NULL,     NULL,      1),
  ('the hearth',              1,     0,       1,        0,        0,    0,    0,     0,    0,      1,     NULL,     NULL,      1),
  ('the tides',               0,     1,       0,        1,        0,    0,    0,     0,    0,      1,     NULL,     NULL,      1),
  ('insight',                 0,     1,       0,        0,        0,    0,    0,     0,    1,      1,     NULL,     NULL,      1),
  ('whispers',                0,     0,       0,        0,        0,    0,    0,     2,    0,      1,     NULL,     NULL,      1),
  ('the phoenix',             0,     0,       2,        0,        0,    0,    0,     0,    0,      1,     NULL,     NULL,      1),
  ('the lich',                0,     0,       0,        0,        0,    0,    2,     0,    0,      1,     NULL,     NULL,      1),
  ('the saint',               0,     0,       0,        0,        0,    2,    0,     0,    0,      1,     NULL,     NULL,      1),
  ('eclipse',                 0,     0,       0,        0,        0,    1,    1,     0,    0,      1,     NULL,     NULL,      1),
  ('memory',                  0,     2,       0,        0,        0,    0,    0,     0,    0,      1,     NULL,     NULL,      1),
  ('the comet',               0,     0,       0,        0,        2,    0,    0,     0,    0,      1,     NULL,     NULL,      1),
  ('the spider',              0,     0,       0,        0,        0,    0,    0,     1,    1,      1,     NULL,     NULL,      1),
  ('the familiar',            0,     1,       0,        0,        0,    0,    0,     1,    0,      1,     NULL,     NULL,      1),
  ('the hedge witch',         0,     1,       0,        0,        0,    0,    0,     0,    0,      1,     NULL,        2,      1),
  ('the archmage',            0,     4,       0,        0,        0,    0,    0,     0,    0,      1,        5,     NULL,      1),
  ('the tax collector',       0,    -1,       0,        0,        0,    0,    0,     0,    0,      1,     NULL,     NULL,      0);
