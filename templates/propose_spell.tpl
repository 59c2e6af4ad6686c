{{%AUTOESCAPE context="HTML"}}
{{! The spell proposal (propose_spell.c): its "received" page, its form,
    and its part of the moderation queue (moderate.tpl includes this file
    once for each proposal type, showing only the type's queue section). }}
{{#SPELL_RECEIVED}}
<section class="card notice received">
<h2>{{HEADING}}</h2>
<p>Your spell “<strong class="word">{{NAME}}</strong>” (<code class="effects">{{EFFECTS}}</code>) is <strong class="status">{{STATUS}}</strong>{{#PENDING}}: a moderator will look at it soon{{/PENDING}}.</p>
<p>Proposal id <code class="sid">{{SID}}</code>, received {{CREATED}} UTC.</p>
<p><a href="/submit/spell">Propose another spell</a> · <a href="/spells">See the live spells</a></p>
</section>
{{/SPELL_RECEIVED}}
{{#SPELL_FORM}}
<form class="generate proposal" method="post" action="/submit/spell">
<h2>Propose a spell</h2>
<p>A moderator approves a spell before scrolls and wands carry it. It is checked by the same rules as the shipped spells (see <a href="/spells">the live spells</a>).</p>
<input type="hidden" name="csrf" value="{{CSRF}}">
<input type="hidden" name="submission_id" value="{{SID}}">
<div class="fields">
<label class="field"><span>Name</span>
<input type="text" name="name" required maxlength="64" autocomplete="off" value="{{NAME}}"></label>
<label class="field"><span>Mana <small>(1 to 500)</small></span>
<input type="number" name="mana" required min="1" max="500" step="1" value="{{MANA}}"></label>
<label class="field"><span>Level <small>(1 to 9)</small></span>
<input type="number" name="level" required min="1" max="9" step="1" value="{{LEVEL}}"></label>
<label class="field"><span>Tier <small>(1 to 6)</small></span>
<input type="number" name="tier" required min="1" max="6" step="1" value="{{TIER}}"></label>
</div>
<h3>Effects, one to five</h3>
<p class="hint">For each effect, choose what it does and fill in its numbers: the table below says what p1 to p5 mean for each effect (an empty number is 0). “heal” with dice 2, sides 6, bonus 3, per level 1 heals 2d6+3, +1 per level; dice 0 and a bonus of 10 heal a flat 10.</p>
{{#EFFECT}}<fieldset class="fields effect" data-slot="{{N}}">
<legend>Effect {{N}}</legend>
<label class="field effect-kind"><span>Effect</span>
<select name="{{KIND_FIELD}}">
<option value="">— none —</option>
{{#OPT}}<option value="{{VALUE}}"{{#SEL}} selected{{/SEL}}>{{LABEL}}</option>{{/OPT}}
</select></label>
{{#P}}<label class="field param" data-param="{{N}}"><span class="plabel">p{{N}}</span>
<input type="number" name="{{FIELD}}" step="1" value="{{VALUE}}"></label>
{{/P}}
{{#TEXT}}<label class="field"><span>As text</span>
<input type="text" name="{{FIELD}}" maxlength="96" autocomplete="off" value="{{VALUE}}"></label>
{{/TEXT}}
</fieldset>
{{/EFFECT}}
<div class="table-wrap"><table class="effect-help">
<caption>What p1 to p5 mean for each effect</caption>
<thead><tr><th scope="col">effect</th><th scope="col">p1</th><th scope="col">p2</th><th scope="col">p3</th><th scope="col">p4</th><th scope="col">p5</th></tr></thead>
<tbody>
{{#KIND_HELP}}<tr data-kind="{{KIND}}"><th scope="row"><code>{{KIND}}</code><br><small>{{ABOUT}}</small></th>
{{#PARAM}}{{#UNUSED}}<td data-param="{{N}}" class="unused">–</td>{{/UNUSED}}{{#USED}}<td data-param="{{N}}" data-label="{{LABEL}}" data-min="{{MIN}}" data-max="{{MAX}}"{{#TABLE}} data-choices="{{CHOICES}}"{{/TABLE}}><strong>{{LABEL}}</strong> {{#NUMBER}}({{RANGE}}){{/NUMBER}}{{#TABLE}}({{CHOICES}}){{/TABLE}}<br><small>{{HELP}}</small></td>{{/USED}}{{/PARAM}}
</tr>
{{/KIND_HELP}}
</tbody>
</table></div>
<p class="actions"><button type="submit">Propose</button></p>
</form>
<script src="/static/spell-form.js" defer></script>
{{/SPELL_FORM}}
{{#SPELL_QUEUE}}
<h2>Pending spells</h2>
<p><span class="total-spells">{{SPELL_TOTAL}}</span> pending. A spell is checked again when it is approved, by the rules the catalog loads it with.</p>
{{#SPELL_ITEM_LIST}}<div class="queue-list">
{{#SPELL_ITEM}}
<article class="card proposal spell" id="spell{{ID}}">
<h3><span class="word">{{NAME}}</span> <small>spell · #{{ID}} · {{CREATED}} UTC</small></h3>
<p class="spell-text">{{TEXT}}</p>
<p class="hint">Stored as: <code>{{EFFECTS}}</code></p>
<form class="generate approve" method="post" action="/moderate/spell/approve">
<input type="hidden" name="csrf" value="{{CSRF}}">
<input type="hidden" name="id" value="{{ID}}">
<p class="actions"><button type="submit">Approve</button></p>
</form>
<form class="generate reject" method="post" action="/moderate/spell/reject">
<input type="hidden" name="csrf" value="{{CSRF}}">
<input type="hidden" name="id" value="{{ID}}">
<label class="field"><span>Reason <small>(1 to 200 characters)</small></span>
<input type="text" name="reason" required maxlength="200"{{#KEPT_REASON}} value="{{VALUE}}"{{/KEPT_REASON}}></label>
<p class="actions"><button type="submit" class="danger">Reject</button></p>
</form>
</article>
{{/SPELL_ITEM}}
</div>{{/SPELL_ITEM_LIST}}
{{/SPELL_QUEUE}}
