{{%AUTOESCAPE context="HTML"}}
{{! The live words (words.c): every active word of each kind and part,
    with its stats, so people can see what exists before they propose. }}
<section class="words">
<form class="generate filter words-filter" method="get" action="/words">
<div class="fields">
<label class="field"><span>Kind</span>
<select name="kind">
{{#KIND_OPT}}<option value="{{VALUE}}"{{#SEL}} selected{{/SEL}}>{{LABEL}}</option>{{/KIND_OPT}}
</select></label>
<label class="field"><span>Part</span>
<select name="part">
{{#PART_OPT}}<option value="{{VALUE}}"{{#SEL}} selected{{/SEL}}>{{LABEL}}</option>{{/PART_OPT}}
</select></label>
<label class="field"><span>Word contains</span>
<input type="search" name="q" maxlength="64" value="{{Q}}" placeholder="any text"></label>
</div>
<p class="actions"><button type="submit">Show</button> <a href="/submit">Propose a new word</a></p>
</form>
{{#TABLE}}
<section class="word-table" id="{{KIND}}-{{PART}}" data-kind="{{KIND}}" data-part="{{PART}}">
<h2>{{KIND}} {{PART}} <small>({{COUNT}} live)</small></h2>
{{#TRUNCATED}}<p class="hint">The first {{SHOWN}} are shown.</p>{{/TRUNCATED}}
{{#EMPTY}}<p class="hint">None yet.</p>{{/EMPTY}}
{{#NO_MATCH}}<p class="hint">No word here contains that text.</p>{{/NO_MATCH}}
<div class="table-wrap"><table>
<thead><tr><th scope="col">Word</th>{{#HAS_TIER}}<th scope="col">Tier</th>{{/HAS_TIER}}{{#HAS_CLASSES}}<th scope="col">{{H}}</th>{{/HAS_CLASSES}}<th scope="col">Stats</th><th scope="col">Value</th></tr></thead>
<tbody>
{{#ROW}}<tr><td class="word">{{WORD}}</td>{{#TIER}}<td class="tier">{{V}}</td>{{/TIER}}{{#CLASSES}}<td class="classes">{{V}}</td>{{/CLASSES}}<td class="stats">{{STATS}}</td><td class="worth">{{WORTH}}</td></tr>
{{/ROW}}
</tbody>
</table></div>
</section>
{{/TABLE}}
</section>
<script src="/static/words-filter.js" defer></script>
