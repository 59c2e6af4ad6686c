{{%AUTOESCAPE context="HTML"}}
{{! The treasure page (treasurepage.c): the form (not on a permanent
    link's page), then the treasure: its coins by denomination, gems, art
    objects and items, each with its value in gold pieces, and the total.
    Printed, only the treasure remains (the print stylesheet hides the
    site's header, the form and the links, and prints the items' links as
    plain words, as on a dungeon's key). }}
<section class="treasure-page">
{{#FORM}}<form class="generate" method="get" action="/treasure">
<h2>Roll treasure</h2>
<div class="fields">
<label class="field"><span>Level (1-20)</span>
<input type="number" name="level" min="1" max="20" step="1" value="{{LEVEL}}"></label>
<label class="field"><span>Type</span>
<select name="type">
<option value="hoard"{{#HOARD_SEL}} selected{{/HOARD_SEL}}>hoard</option>
<option value="individual"{{#INDIVIDUAL_SEL}} selected{{/INDIVIDUAL_SEL}}>individual</option>
</select></label>
<label class="field"><span>Party (1-8)</span>
<input type="number" name="party" min="1" max="8" step="1" value="{{PARTY}}"></label>
<label class="field"><span>Seed</span>
<input type="text" name="seed" inputmode="numeric" pattern="[0-9]*" maxlength="20" placeholder="random" value="{{SEED}}"></label>
</div>
<p class="actions"><button type="submit">Roll</button></p>
</form>{{/FORM}}
{{#TREASURE}}
<figure class="treasure">
<figcaption><strong>{{TYPE}}</strong>, level {{LEVEL}}, a party of {{PARTY}}, seed {{SEED}}: coins, gems and art {{SPENT}} of a {{BUDGET}} gp budget.
<span class="links"><a class="permalink" href="{{LINK}}">Permanent link</a> · <a class="again" href="{{AGAIN}}">Another treasure</a> · <a class="json" href="{{LINK}}?format=json">JSON</a> · <a class="csv" href="{{LINK}}?format=csv">CSV</a> · <a class="text" href="{{LINK}}?format=text">Text</a></span></figcaption>
</figure>
<ul class="dungeon-key treasure-parts">
{{#COIN}}<li class="coins">{{COUNT}} {{NAME}} <span class="worth">({{GP}} gp)</span></li>
{{/COIN}}{{#GEM}}<li class="gem">{{NAME}} <span class="kind">(gem)</span> <span class="worth">{{GP}} gp</span></li>
{{/GEM}}{{#ART}}<li class="art">{{NAME}} <span class="kind">(art object)</span> <span class="worth">{{GP}} gp</span></li>
{{/ART}}{{#ITEM}}<li class="item {{RARITY}}">{{#LINKED}}<a href="{{LINK}}">{{NAME}}</a>{{/LINKED}}{{#UNLINKED}}{{NAME}}{{/UNLINKED}} <span class="kind">({{KIND}})</span>{{#WORTH}} <span class="worth">{{#STATS}}{{TEXT}}; {{/STATS}}{{GP}} gp</span>{{/WORTH}}</li>
{{/ITEM}}</ul>
<p class="treasure-total dungeon-total">Total: <strong>{{TOTAL}} gp</strong>. <span class="code">{{CODE}}</span></p>
{{/TREASURE}}
</section>
