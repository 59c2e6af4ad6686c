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
<meta name="color-scheme" content="dark light">
<title>{{TITLE}} · lootforge</title>
<link rel="stylesheet" href="/static/style.css">
<link rel="icon" type="image/svg+xml" href="/static/favicon.svg">
</head>
<body>
<a class="skip" href="#main">Skip to the content</a>
<header class="site">
<a class="brand" href="/"><img src="/static/favicon.svg" alt="" width="28" height="28"> lootforge</a>
<span class="tagline">random loot for fantasy roguelikes</span>
<nav class="site-nav"><a href="/">Generate</a> <a href="/loadout">Loadout</a> <a href="/stash">Stash</a> <a href="/words">Words</a> <a href="/spells">Spells</a> <a href="/map">Maps</a> <a href="/dungeon">Dungeons</a> <a href="/treasure">Treasure</a> <a href="/submit">Propose a word</a>{{#MODERATOR}} <a href="/moderate">Moderate</a>{{/MODERATOR}}</nav>
</header>
<main id="main">
<h1 class="page-title{{#QUIET_H1}} visually-hidden{{/QUIET_H1}}">{{TITLE}}</h1>
{{#ONE}}
<section class="cards one" aria-label="Your item">
{{#ITEM}}{{>CARD}}{{/ITEM}}
</section>
{{/ONE}}
{{#MANY}}
<section class="batch" aria-label="Your items">
<h2 class="count">{{N_ITEMS}} items</h2>
<p class="batch-total">Total value: <span class="total-value">{{TOTAL_VALUE}} gp</span></p>
<p class="batch-links">This batch as <a href="{{JSON}}">JSON</a> · <a href="{{CSV}}">CSV</a> · <a href="{{LINK}}">a link</a></p>
<div class="table-wrap">
<table class="batch-table">
<thead><tr><th scope="col">Name</th><th scope="col">Kind</th><th scope="col" class="num">Tier</th><th scope="col">Rarity</th><th scope="col">Key stats</th><th scope="col" class="num">Value</th>{{#ACTIONS_COL}}<th scope="col">Yours</th>{{/ACTIONS_COL}}</tr></thead>
<tbody>
{{#ROW}}<tr class="rarity-{{RARITY}}"><td class="name"><a class="item" href="{{LINK}}">{{NAME}}</a></td><td class="kind">{{KIND}}</td><td class="num">{{TIER}}</td><td class="rarity">{{RARITY_LABEL}}</td><td class="key-stats">{{STATS}}</td><td class="num">{{PRICE}} gp</td>{{#ACTIONS}}<td class="row-actions"><form class="row-actions" method="post" action="/stash"><input type="hidden" name="csrf" value="{{CSRF}}"><input type="hidden" name="code" value="{{CODE}}"><input type="hidden" name="back" value="{{BACK}}"><button type="submit" name="do" value="keep" class="keep">Keep</button> <button type="submit" name="do" value="wear" class="add-to-loadout">Add to loadout</button></form></td>{{/ACTIONS}}</tr>
{{/ROW}}
</tbody>
</table>
</div>
<details class="all-cards">
<summary>Show the {{N_ITEMS}} cards</summary>
<ol class="cards grid">
{{#ITEM}}<li>{{>CARD}}</li>{{/ITEM}}
</ol>
</details>
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
