{{%AUTOESCAPE context="HTML"}}
{{! One item, drawn as a game's item tooltip. The name's colour comes from
    the rarity class (render_rarity); the stats list holds only non-zero
    stats, formatted by render.c. }}
<article class="card rarity-{{RARITY}}">
<header class="card-head">
<img class="icon" src="/static/icons/{{ICON}}.svg" alt="" width="48" height="48">
<div class="title">
<h2 class="name">{{NAME}}</h2>
<p class="meta"><span class="rarity">{{RARITY_LABEL}}</span> {{KIND_LABEL}}{{#SLOT}} · <span class="slot">{{SLOT_LABEL}}</span>{{/SLOT}} · <span class="tier">Tier {{TIER}}</span>{{#HANDS}} · <span class="hands">{{HANDS_LABEL}}</span>{{/HANDS}}</p>
</div>
</header>
{{#MASTERWORK}}<p class="badge masterwork">Masterwork</p>{{/MASTERWORK}}
{{#DESCRIPTION}}<p class="description">{{TEXT}}</p>{{/DESCRIPTION}}
{{#SPELL}}<p class="spell"><span class="label">{{LABEL}}</span> {{TEXT}}</p>{{/SPELL}}
{{#STATS}}
<ul class="stats">
{{#STAT}}<li class="stat stat-{{STAT_KEY}}{{#NEG}} neg{{/NEG}}"><span class="value">{{VALUE}}</span> <span class="label">{{LABEL}}</span></li>{{/STAT}}
</ul>
{{/STATS}}
{{#NO_STATS}}<p class="stats none">No bonuses.</p>{{/NO_STATS}}
<dl class="facts">
{{#GRADE}}<div><dt>Grade</dt><dd class="grade">{{WORD}}</dd></div>{{/GRADE}}
{{#CHARGES}}<div><dt>Charges</dt><dd class="charges">{{N}}</dd></div>{{/CHARGES}}
<div><dt>Strength <small>(affix points)</small></dt><dd class="str">{{STR}}</dd></div>
<div><dt>Value</dt><dd class="price">{{PRICE}} gp</dd></div>
<div><dt>Seed</dt><dd class="seed">{{SEED}}</dd></div>
</dl>
<p class="card-note">Rarity follows the affixes’ strength; the value follows the base price.</p>
{{#UNHONOURED}}
<div class="unhonoured">
<h3>Requests not honoured</h3>
<ul>
{{#REQ}}<li><span class="part">{{PART}}</span> “<span class="word">{{WORD}}</span>”: <span class="reason">{{REASON}}</span></li>{{/REQ}}
</ul>
</div>
{{/UNHONOURED}}
{{#COMPARED}}<div class="compared"><p class="compared-head">Against what you wear, {{PLACE}}: {{#AGAINST_NOTHING}}nothing (the place is empty){{/AGAINST_NOTHING}}{{#AGAINST}}<a class="worn" href="/item/{{CODE}}">{{NAME}}</a> {{/AGAINST}}</p>
<ul class="deltas">{{#DELTA}}<li class="delta {{CLASS}} stat-{{STAT}}"><span class="n">{{SIGN}}{{N}}</span> {{STAT}}</li>{{/DELTA}}<li class="delta {{VALUE_CLASS}} value"><span class="n">{{VALUE_SIGN}}{{VALUE}} gp</span> value</li></ul>
<form class="equip" method="post" action="/stash"><input type="hidden" name="csrf" value="{{CSRF}}"><input type="hidden" name="code" value="{{CODE}}"><input type="hidden" name="place" value="{{PLACE_NAME}}"><input type="hidden" name="back" value="{{BACK}}"><button type="submit" name="do" value="wear">Equip ({{PLACE}})</button></form></div>{{/COMPARED}}
<p class="links"><a class="permalink" href="{{LINK}}">Link to this item</a> · <a class="reroll" href="{{REROLL}}">Roll again</a>{{#SAME_SEED}} · <a class="same-seed" href="{{URL}}">Same seed again</a>{{/SAME_SEED}}{{#ADD_TO_LOADOUT}} · <a class="add-to-loadout" href="{{URL}}">Add to loadout</a>{{/ADD_TO_LOADOUT}}{{#COMPARE}} · <a class="compare" href="/compare?item={{CODE}}">Compare with what you wear</a>{{/COMPARE}}</p>
{{#ACTIONS}}<form class="card-actions" method="post" action="/stash"><input type="hidden" name="csrf" value="{{CSRF}}"><input type="hidden" name="code" value="{{CODE}}"><input type="hidden" name="back" value="{{BACK}}"><button type="submit" name="do" value="keep" class="keep">Keep</button> <button type="submit" name="do" value="wear" class="add-to-loadout">Add to loadout</button> <a class="compare" href="/compare?item={{CODE}}">Compare</a></form>{{/ACTIONS}}
</article>
