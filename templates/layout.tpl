{{%AUTOESCAPE context="HTML"}}
{{!
  The page around everything. No inline script or style anywhere: the site
  is served with a strict Content-Security-Policy. Order: cards first (a
  visitor lands on a fresh item), then the error (right above the fields it
  is about), then the form. The proposal, word-list and moderation pages
  (page.c) fill PAGE instead of the cards and the form.
}}
<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{{TITLE}} · lootforge</title>
<link rel="stylesheet" href="/static/style.css">
<link rel="icon" type="image/svg+xml" href="/static/favicon.svg">
</head>
<body>
<header class="site">
<a class="brand" href="/"><img src="/static/favicon.svg" alt="" width="28" height="28"> lootforge</a>
<span class="tagline">random loot for fantasy roguelikes</span>
<nav class="site-nav"><a href="/">Generate</a> <a href="/words">Words</a> <a href="/spells">Spells</a> <a href="/map">Maps</a> <a href="/loadout">Loadout</a> <a href="/submit">Propose a word</a></nav>
</header>
<main>
{{#ONE}}
<section class="cards one" aria-label="Your item">
{{#ITEM}}{{>CARD}}{{/ITEM}}
</section>
{{/ONE}}
{{#MANY}}
<section aria-label="Your items">
<h2 class="count">{{N_ITEMS}} items</h2>
<ol class="cards grid">
{{#ITEM}}<li>{{>CARD}}</li>{{/ITEM}}
</ol>
</section>
{{/MANY}}
{{>ERROR}}
{{>FORM}}
{{>PAGE}}
</main>
<footer class="site">
<p>Every item carries a seed: the same seed and the same choices give the same item. Words come from the community and are approved by moderators.</p>
</footer>
</body>
</html>
