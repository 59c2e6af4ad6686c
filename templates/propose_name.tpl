{{%AUTOESCAPE context="HTML"}}
{{! The training name proposal (propose_name.c): its "received" page, its
    form, and its part of the moderation queue (moderate.tpl includes this
    file once for each proposal type, showing only the type's queue
    section). }}
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
{{#NAME_QUEUE}}
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
{{/NAME_QUEUE}}
