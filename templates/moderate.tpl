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
{{! each proposal type's part, in PROPOSAL_TYPE_LIST's order: its own
    template (struct decision's template_name), its queue section shown }}
{{>TYPE_QUEUE}}
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
