{{%AUTOESCAPE context="HTML"}}
{{! The live spells (spellpage.c), by level, each in words: what a scroll
    or a wand of its tier can carry. One table, a row group per level, so
    the columns line up across levels. }}
<section class="spells">
<form class="generate filter spells-filter" method="get" action="/spells">
<div class="fields">
<label class="field"><span>Level</span>
<select name="level">
{{#LEVEL_OPT}}<option value="{{VALUE}}"{{#SEL}} selected{{/SEL}}>{{LABEL}}</option>{{/LEVEL_OPT}}
</select></label>
<label class="field"><span>Name contains</span>
<input type="search" name="q" maxlength="64" value="{{Q}}" placeholder="any text"></label>
</div>
<p class="actions"><button type="submit">Show</button> <a href="/spells?format=json">JSON</a></p>
</form>
<p class="hint">{{COUNT}} live spells. <a href="/submit/spell">Propose a spell</a>.</p>
{{#EMPTY}}<p class="hint">None yet.</p>{{/EMPTY}}
{{#ANY}}
<table class="spell-table">
<colgroup><col class="word"><col class="mana"><col class="tier"><col class="effects"></colgroup>
<thead><tr><th scope="col">Spell</th><th scope="col">Mana</th><th scope="col">Tier</th><th scope="col">Effects</th></tr></thead>
{{#LEVEL}}
<tbody class="spell-level" id="level-{{LEVEL}}">
<tr class="level-head"><th scope="rowgroup" colspan="4">Level {{LEVEL}}</th></tr>
{{#SPELL}}<tr title="{{TEXT}}"><td class="word">{{NAME}}</td><td class="mana">{{MANA}}</td><td class="tier">{{TIER}}</td><td class="effects">{{#EFFECT}}<span class="effect">{{TEXT}}</span>{{#EFFECT_separator}}; {{/EFFECT_separator}}{{/EFFECT}}</td></tr>
{{/SPELL}}
</tbody>
{{/LEVEL}}
</table>
{{/ANY}}
</section>
<script src="/static/spells-filter.js" defer></script>
