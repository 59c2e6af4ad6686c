{{%AUTOESCAPE context="HTML"}}
{{! The proposal pages (submit.c): the "received" page, or the chooser of
    kind and part (GET) above the proposal form (POST). Works without
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
<p class="hint">Not a word? <a href="/submit/spell">Propose a spell</a>, or <a href="/submit/name">a name for scrolls</a> for the name chain to learn from.</p>
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
{{#NAME_RECEIVED}}
<section class="card notice received">
<h2>{{HEADING}}</h2>
<p>Your training name “<strong class="word">{{NAME}}</strong>” is <strong class="status">{{STATUS}}</strong>{{#PENDING}}: a moderator will look at it soon{{/PENDING}}.</p>
<p>Proposal id <code class="sid">{{SID}}</code>, received {{CREATED}} UTC.</p>
<p><a href="/submit/name">Propose another name</a> · <a href="/catalog.json">See the training names (catalog JSON)</a></p>
</section>
{{/NAME_RECEIVED}}
{{#NAME_FORM}}
<form class="generate proposal" method="post" action="/submit/name">
<h2>Propose a name for scrolls</h2>
<p>Scrolls are named by a chain that learns from a list of fantasy names (“Scroll of Veldrakis”). Propose a name for that list: once a moderator approves it, the chain learns from it, and no scroll is ever called by it.</p>
<input type="hidden" name="csrf" value="{{CSRF}}">
<input type="hidden" name="submission_id" value="{{SID}}">
<div class="fields">
<label class="field"><span>Name</span>
<input type="text" name="name" required maxlength="64" autocomplete="off" value="{{NAME}}"></label>
</div>
<p class="hint">3 to 24 letters of any script, with at most one apostrophe or hyphen between two of them (Tal'Vessa, Ash-Kaelin); no spaces or digits. Names the list has already, in any case, cannot be proposed.</p>
<p class="actions"><button type="submit">Propose</button></p>
</form>
{{/NAME_FORM}}
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
