{{%AUTOESCAPE context="HTML"}}
{{! The dungeon dressing proposals (propose_dressing.c): the "received"
    page, the trap, creature and room phrase forms, and their part of the
    moderation queue (moderate.tpl includes this file once for each
    proposal type, showing only the type's queue section). }}
{{#DRESS_RECEIVED}}
<section class="card notice received">
<h2>{{HEADING}}</h2>
<p>Your {{KIND}} “<strong class="word">{{NAME}}</strong>” for the dungeons is <strong class="status">{{STATUS}}</strong>{{#PENDING}}: a moderator will look at it soon{{/PENDING}}.</p>
<p>Proposal id <code class="sid">{{SID}}</code>, received {{CREATED}} UTC.</p>
<p><a href="{{PATH}}">Propose another</a> · <a href="/dungeon">Make a dungeon</a></p>
</section>
{{/DRESS_RECEIVED}}
{{#TRAP_FORM}}
<form class="generate proposal" method="post" action="/submit/trap">
<h2>Propose a trap</h2>
<p>Dungeons set traps in rooms and hallways. Propose one: a name and what it does in one line, in words (no game system's numbers), and the levels it belongs to. A moderator approves it before dungeons set it.</p>
<p class="hint">Or propose <a href="/submit/occupant">a creature</a> or <a href="/submit/dressing">a room's feature, sound or smell</a>.</p>
<input type="hidden" name="csrf" value="{{CSRF}}">
<input type="hidden" name="submission_id" value="{{SID}}">
<div class="fields">
<label class="field"><span>Name</span>
<input type="text" name="name" required maxlength="64" autocomplete="off" value="{{NAME}}"></label>
<label class="field"><span>Effect</span>
<input type="text" name="effect" required maxlength="160" autocomplete="off" value="{{EFFECT}}"></label>
<label class="field"><span>From level <small>(1 to 20)</small></span>
<input type="number" name="level_min" min="1" max="20" value="{{LEVEL_MIN}}"></label>
<label class="field"><span>To level <small>(1 to 20)</small></span>
<input type="number" name="level_max" min="1" max="20" value="{{LEVEL_MAX}}"></label>
</div>
<p class="hint">The name: 2 to 32 letters of any script, with single spaces, hyphens and apostrophes between them (“dart slit”). The effect: 8 to 160 characters, letters, digits, spaces and , . ; : ' - ! ? ( ). Levels left empty are 1 to 20.</p>
<p class="actions"><button type="submit">Propose</button></p>
</form>
{{/TRAP_FORM}}
{{#OCCUPANT_FORM}}
<form class="generate proposal" method="post" action="/submit/occupant">
<h2>Propose a creature</h2>
<p>Dungeon rooms hold creatures by level (“3 goblins”; no stat blocks). Propose one: its name, its plural, the levels it is met at and how many appear.</p>
<p class="hint">Or propose <a href="/submit/trap">a trap</a> or <a href="/submit/dressing">a room's feature, sound or smell</a>.</p>
<input type="hidden" name="csrf" value="{{CSRF}}">
<input type="hidden" name="submission_id" value="{{SID}}">
<div class="fields">
<label class="field"><span>Name</span>
<input type="text" name="name" required maxlength="64" autocomplete="off" value="{{NAME}}"></label>
<label class="field"><span>Plural <small>(empty: the name and “s”)</small></span>
<input type="text" name="plural" maxlength="64" autocomplete="off" value="{{PLURAL}}"></label>
<label class="field"><span>From level <small>(1 to 20)</small></span>
<input type="number" name="level_min" min="1" max="20" value="{{LEVEL_MIN}}"></label>
<label class="field"><span>To level <small>(1 to 20)</small></span>
<input type="number" name="level_max" min="1" max="20" value="{{LEVEL_MAX}}"></label>
<label class="field"><span>At least <small>(1 to 20)</small></span>
<input type="number" name="number_min" min="1" max="20" value="{{NUMBER_MIN}}"></label>
<label class="field"><span>At most <small>(1 to 20)</small></span>
<input type="number" name="number_max" min="1" max="20" value="{{NUMBER_MAX}}"></label>
</div>
<p class="hint">Names by the word rule (2 to 32 letters, single spaces, hyphens and apostrophes). Levels left empty are 1 to 20; numbers 1, and at most the least.</p>
<p class="actions"><button type="submit">Propose</button></p>
</form>
{{/OCCUPANT_FORM}}
{{#PHRASE_FORM}}
<form class="generate proposal" method="post" action="/submit/dressing">
<h2>Propose a room's feature, sound or smell</h2>
<p>Each dungeon room is described by a feature, then a sound or a smell (“A dry fountain choked with leaves. It smells of smoke.”). Propose a phrase for one of those lists.</p>
<p class="hint">Or propose <a href="/submit/trap">a trap</a> or <a href="/submit/occupant">a creature</a>.</p>
<input type="hidden" name="csrf" value="{{CSRF}}">
<input type="hidden" name="submission_id" value="{{SID}}">
<div class="fields">
<label class="field"><span>List</span>
<select name="kind">
{{#KIND_OPT}}<option value="{{VALUE}}"{{#SEL}} selected{{/SEL}}>{{VALUE}}{{#BAD}} (not valid){{/BAD}}</option>{{/KIND_OPT}}
</select></label>
<label class="field"><span>Phrase</span>
<input type="text" name="text" required maxlength="64" autocomplete="off" value="{{TEXT}}"></label>
</div>
<p class="hint">3 to 64 characters, in lower case as it reads inside a sentence (“a ring of stones around old ashes”, “water dripping somewhere”, “damp earth”): letters, digits, spaces and , . ; : ' - ! ? ( ).</p>
<p class="actions"><button type="submit">Propose</button></p>
</form>
{{/PHRASE_FORM}}
{{#DRESS_QUEUE}}
<h2>Pending dungeon dressing</h2>
<p><span class="total-dressing">{{DRESS_TOTAL}}</span> pending. An approved trap, creature or room phrase is a row of the dungeons' tables at the next catalog revision (weight 10 among the rows of its kind); dungeons made from then on may draw it, older dungeon links never.</p>
{{#DRESS_ITEM_LIST}}<div class="queue-list">
{{#DRESS_ITEM}}
<article class="card proposal dressing" id="dressing{{ID}}">
<h3><span class="word">{{NAME}}</span> <small>{{KIND}} · #{{ID}} · {{CREATED}} UTC</small></h3>
{{#EFFECT}}<p class="effect">{{TEXT}}</p>{{/EFFECT}}
{{#OCCUPANT}}<p>Plural “{{PLURAL}}”, {{NUMBER}}.</p>{{/OCCUPANT}}
{{#LEVELS}}<p>Dungeon {{TEXT}}.</p>{{/LEVELS}}
<form class="generate approve" method="post" action="/moderate/dressing/approve">
<input type="hidden" name="csrf" value="{{CSRF}}">
<input type="hidden" name="id" value="{{ID}}">
<p class="actions"><button type="submit">Approve</button></p>
</form>
<form class="generate reject" method="post" action="/moderate/dressing/reject">
<input type="hidden" name="csrf" value="{{CSRF}}">
<input type="hidden" name="id" value="{{ID}}">
<label class="field"><span>Reason <small>(1 to 200 characters)</small></span>
<input type="text" name="reason" required maxlength="200"{{#KEPT_REASON}} value="{{VALUE}}"{{/KEPT_REASON}}></label>
<p class="actions"><button type="submit" class="danger">Reject</button></p>
</form>
</article>
{{/DRESS_ITEM}}
</div>{{/DRESS_ITEM_LIST}}
{{/DRESS_QUEUE}}
