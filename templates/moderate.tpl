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
{{#DONE}}<p class="notice done">{{DONE_TEXT}}</p>{{/DONE}}
{{#EMPTY}}<p class="notice">Nothing is waiting.</p>{{/EMPTY}}
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
<input type="text" name="reason" required maxlength="200"></label>
<p class="actions"><button type="submit">Reject</button></p>
</form>
</article>
{{/ITEM}}
</section>
{{/QUEUE}}
