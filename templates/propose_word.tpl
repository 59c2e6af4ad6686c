{{%AUTOESCAPE context="HTML"}}
{{! The word proposal (propose_word.c): its "received" page, the chooser
    of kind and part (GET) above the proposal form (POST), and its part of
    the moderation queue (moderate.tpl includes this file once for each
    proposal type, showing only the type's queue section). Works without
    JavaScript; every value is shown as typed. }}
{{#RECEIVED}}
<section class="card notice received">
<h2>{{HEADING}}</h2>
<p>Your proposal “<strong class="word">{{WORD}}</strong>” for the {{KIND}} {{PART}} list is <strong class="status">{{STATUS}}</strong>{{#PENDING}}: a moderator will look at it soon{{/PENDING}}.</p>
<p>Proposal id <code class="sid">{{SID}}</code>, received {{CREATED}} UTC.</p>
<p><a href="/submit">Propose another word</a> · <a href="/words">See the live words</a></p>
</section>
{{/RECEIVED}}

{{#FORM}}
<form class="generate proposal" method="post" action="/submit">
<h2>Propose a word</h2>
<p>Anyone may propose a word; a moderator approves it before it is rolled. First choose what your word is: “Choose” then shows the stats it may carry.</p>
{{! the other forms that name a link (their table entries' link and
    link_note: submit_fill_links) }}
<p class="hint">Not a word? {{#OTHER_FORM}}{{SEP}}<a href="{{PATH}}">{{#FIRST}}Propose {{/FIRST}}{{LINK}}</a>{{NOTE}}{{/OTHER_FORM}}.</p>
<p class="hint">For dungeons: <a href="/submit/trap">a trap</a>, <a href="/submit/occupant">a creature</a>, or <a href="/submit/dressing">a room's feature, sound or smell</a>.</p>
<input type="hidden" name="csrf" value="{{CSRF}}">
<input type="hidden" name="submission_id" value="{{SID}}">
<input type="hidden" name="shown" value="{{SHOWN}}">
{{#CHOOSER}}<div class="fields">
<label class="field"><span>Kind</span>
<select name="kind">
{{#KIND_OPT}}<option value="{{VALUE}}"{{#SEL}} selected{{/SEL}}>{{LABEL}}</option>{{/KIND_OPT}}
</select></label>
<label class="field"><span>Part</span>
<select name="part">
{{#PART_OPT}}<option value="{{VALUE}}"{{#SEL}} selected{{/SEL}}>{{LABEL}}</option>{{/PART_OPT}}
</select></label>
</div>
<p class="actions"><button type="submit" name="choose" value="1" formnovalidate>Choose</button></p>{{/CHOOSER}}
<h3 class="shown-part">A new {{KIND}} {{PART}}</h3>
<div class="fields">
<label class="field"><span>Word</span>
<input type="text" name="word" required maxlength="64" autocomplete="off" value="{{WORD}}"></label>
</div>
<p class="hint">2 to 32 letters of any script, with single spaces, hyphens and apostrophes between them; it must start and end with a letter. Words that exist, wait for a moderator, or were turned down in the last 30 days cannot be proposed.</p>
<div class="fields">
{{#TIER}}<label class="field"><span>Tier <small>(1 to 6)</small></span>
<select name="tier" required>
{{#OPT}}<option value="{{VALUE}}"{{#SEL}} selected{{/SEL}}>{{LABEL}}</option>{{/OPT}}
</select></label>{{/TIER}}
{{#SLOT}}<label class="field"><span>Slot</span>
<select name="slot" required>
{{#OPT}}<option value="{{VALUE}}"{{#SEL}} selected{{/SEL}}>{{LABEL}}</option>{{/OPT}}
</select></label>{{/SLOT}}
{{#MARK}}<label class="field"><span>Good or bad <small>(“and” or “but” on a scroll)</small></span>
<select name="mark" required>
{{#OPT}}<option value="{{VALUE}}"{{#SEL}} selected{{/SEL}}>{{LABEL}}</option>{{/OPT}}
</select></label>{{/MARK}}
{{#CLASSES}}<label class="field"><span>{{LABEL}} <small>({{HINT}})</small></span>
<input type="text" name="classes"{{#REQUIRED}} required{{/REQUIRED}} maxlength="136" autocomplete="off" value="{{VALUE}}"></label>{{/CLASSES}}
</div>
{{#FIXED}}<p class="hint">{{TEXT}}</p>{{/FIXED}}
<fieldset class="fields stats">
<legend>Stats, each within its range</legend>
{{#STAT}}<label class="field"><span>{{LABEL}} <small>({{RANGE}})</small></span>
<input type="number" name="{{NAME}}" min="{{MIN}}" max="{{MAX}}" step="1" value="{{VALUE}}"></label>
{{/STAT}}
</fieldset>
<p class="actions"><button type="submit">Propose</button></p>
</form>
{{/FORM}}
{{#WORD_QUEUE}}
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
{{/WORD_QUEUE}}
