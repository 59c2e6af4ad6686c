{{%AUTOESCAPE context="HTML"}}
{{! The moderation pages (moderate.c): the queue of pending proposals,
    oldest first, each with an approve form (stats editable within their
    ranges) and a reject form; or the notice that the page needs a login. }}
{{#LOGIN_NEEDED}}
<section class="card notice">
<h2>Moderators only</h2>
<p>This page is for moderators. <a href="/login">Log in</a> first.</p>
</section>
{{/LOGIN_NEEDED}}
{{#QUEUE}}
<section class="moderate">
<h2>Pending proposals</h2>
<p>Logged in as <strong class="moderator">{{MODERATOR}}</strong>. <span class="total">{{TOTAL}}</span> pending{{#MORE}}; the oldest {{SHOWN}} are shown{{/MORE}}.</p>
<form class="logout" method="post" action="/logout">
<input type="hidden" name="csrf" value="{{CSRF}}">
<button type="submit">Log out</button>
</form>
{{#DONE}}<p class="notice done" role="status">{{DONE_TEXT}}</p>{{/DONE}}
{{#EMPTY}}<p class="notice">Nothing is waiting.</p>{{/EMPTY}}
{{#ITEM_LIST}}<div class="queue-list">
{{#ITEM}}
<article class="card proposal" id="s{{ID}}">
<h3><span class="word">{{WORD}}</span> <small>{{KIND}} {{PART}} · #{{ID}} · {{CREATED}} UTC</small></h3>
<form class="generate approve" method="post" action="/moderate/approve">
<input type="hidden" name="csrf" value="{{CSRF}}">
<input type="hidden" name="id" value="{{ID}}">
<div class="fields">
{{#TIER}}<label class="field"><span>Tier</span>
<select name="tier">
{{#OPT}}<option value="{{VALUE}}"{{#SEL}} selected{{/SEL}}>{{LABEL}}</option>{{/OPT}}
</select></label>{{/TIER}}
{{#SLOT}}<label class="field"><span>Slot</span>
<select name="slot">
{{#OPT}}<option value="{{VALUE}}"{{#SEL}} selected{{/SEL}}>{{LABEL}}</option>{{/OPT}}
</select></label>{{/SLOT}}
{{#MARK}}<label class="field"><span>Good or bad <small>(“and” or “but” on a scroll)</small></span>
<select name="mark">
{{#OPT}}<option value="{{VALUE}}"{{#SEL}} selected{{/SEL}}>{{LABEL}}</option>{{/OPT}}
</select></label>{{/MARK}}
{{#CLASSES}}<label class="field"><span>{{LABEL}} <small>({{HINT}})</small></span>
<input type="text" name="classes" maxlength="136" autocomplete="off" value="{{VALUE}}"></label>{{/CLASSES}}
{{#STAT}}<label class="field"><span>{{LABEL}} <small>({{RANGE}})</small></span>
<input type="number" name="{{NAME}}" min="{{MIN}}" max="{{MAX}}" step="1" value="{{VALUE}}"></label>
{{/STAT}}
</div>
{{#FIXED}}<p class="hint">{{TEXT}}</p>{{/FIXED}}
<p class="actions"><button type="submit">Approve</button></p>
</form>
<form class="generate reject" method="post" action="/moderate/reject">
<input type="hidden" name="csrf" value="{{CSRF}}">
<input type="hidden" name="id" value="{{ID}}">
<label class="field"><span>Reason <small>(1 to 200 characters)</small></span>
<input type="text" name="reason" required maxlength="200"{{#KEPT_REASON}} value="{{VALUE}}"{{/KEPT_REASON}}></label>
<p class="actions"><button type="submit" class="danger">Reject</button></p>
</form>
</article>
{{/ITEM}}
</div>{{/ITEM_LIST}}
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
<h2>Pending training names</h2>
<p><span class="total-names">{{NAME_TOTAL}}</span> pending. An approved name joins the list the scroll-name chain learns from at the next catalog revision; no scroll is ever called by it.</p>
{{#NAME_ITEM_LIST}}<div class="queue-list">
{{#NAME_ITEM}}
<article class="card proposal name" id="name{{ID}}">
<h3><span class="word">{{NAME}}</span> <small>training name · #{{ID}} · {{CREATED}} UTC</small></h3>
<form class="generate approve" method="post" action="/moderate/name/approve">
<input type="hidden" name="csrf" value="{{CSRF}}">
<input type="hidden" name="id" value="{{ID}}">
<p class="actions"><button type="submit">Approve</button></p>
</form>
<form class="generate reject" method="post" action="/moderate/name/reject">
<input type="hidden" name="csrf" value="{{CSRF}}">
<input type="hidden" name="id" value="{{ID}}">
<label class="field"><span>Reason <small>(1 to 200 characters)</small></span>
<input type="text" name="reason" required maxlength="200"{{#KEPT_REASON}} value="{{VALUE}}"{{/KEPT_REASON}}></label>
<p class="actions"><button type="submit" class="danger">Reject</button></p>
</form>
</article>
{{/NAME_ITEM}}
</div>{{/NAME_ITEM_LIST}}
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
<h2>Change a live word</h2>
<p class="hint">A change never alters an item already made: the word's old row stays in the catalog's earlier revisions, and every permanent link keeps showing what it showed.</p>
<form class="generate retire" method="post" action="/moderate/retire">
<input type="hidden" name="csrf" value="{{CSRF}}">
<div class="fields">
<label class="field"><span>Kind</span><select name="kind" required>{{#KIND_OPT}}<option value="{{VALUE}}"{{#SEL}} selected{{/SEL}}>{{VALUE}}{{#BAD}} (not valid){{/BAD}}</option>{{/KIND_OPT}}</select></label>
<label class="field"><span>Part</span><select name="part" required>{{#PART_OPT}}<option value="{{VALUE}}"{{#SEL}} selected{{/SEL}}>{{VALUE}}{{#BAD}} (not valid){{/BAD}}</option>{{/PART_OPT}}</select></label>
<label class="field"><span>Word</span><input type="text" name="word" required maxlength="64"{{#KEPT_WORD}} value="{{VALUE}}"{{/KEPT_WORD}}></label>
</div>
<p class="actions"><button type="submit">Retire</button></p>
</form>
<form class="generate edit" method="post" action="/moderate/edit">
<input type="hidden" name="csrf" value="{{CSRF}}">
<div class="fields">
<label class="field"><span>Kind</span><select name="kind" required>{{#KIND_OPT}}<option value="{{VALUE}}"{{#SEL}} selected{{/SEL}}>{{VALUE}}{{#BAD}} (not valid){{/BAD}}</option>{{/KIND_OPT}}</select></label>
<label class="field"><span>Part</span><select name="part" required>{{#PART_OPT}}<option value="{{VALUE}}"{{#SEL}} selected{{/SEL}}>{{VALUE}}{{#BAD}} (not valid){{/BAD}}</option>{{/PART_OPT}}</select></label>
<label class="field"><span>Word</span><input type="text" name="word" required maxlength="64"{{#KEPT_WORD}} value="{{VALUE}}"{{/KEPT_WORD}}></label>
</div>
<p class="hint">New values for the stats to change (within the part's proposal ranges); blank keeps a stat.</p>
<div class="fields">
{{#EDIT_STAT}}<label class="field"><span>{{LABEL}}</span><input type="number" name="{{NAME}}" step="1"{{#KEPT}} value="{{VALUE}}"{{/KEPT}}></label>
{{/EDIT_STAT}}
</div>
<p class="actions"><button type="submit">Save as a new row</button></p>
</form>
</section>
{{/QUEUE}}
