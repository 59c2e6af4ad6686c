{{%AUTOESCAPE context="HTML"}}
{{! The generate form. Works without JavaScript. Values are shown as they
    were sent; the word lists hold the active words of the chosen kind, or,
    for a part with too many words to list, a text input. KINDS, TIERS and
    PARTS are pieces of option.tpl and part.tpl, rendered once per catalog
    by render.c and spliced in by the x-frag modifier (docs/rendering.md). }}
<form class="generate" method="get" action="/generate">
<h2>Forge an item</h2>
<div class="fields">
<label class="field"><span>Kind</span>
<select name="kind">
{{KINDS:x-frag}}
</select></label>
<label class="field"><span>Tier</span>
<select name="tier">
{{TIERS:x-frag}}
</select></label>
<label class="field check"><input type="checkbox" name="tier-variance" value="on"{{#VARIANCE}} checked{{/VARIANCE}}> <span>Tier variance</span></label>
<label class="field"><span>Power</span>
<input type="number" name="power" step="any" min="0" max="100" value="{{POWER}}"></label>
</div>
<fieldset class="fields words">
<legend>Words (“random” lets the dice decide)</legend>
{{PARTS:x-frag}}
</fieldset>
<div class="fields">
<label class="field"><span>Seed</span>
<input type="text" name="seed" inputmode="numeric" pattern="[0-9]*" maxlength="20" placeholder="random" value="{{SEED}}"></label>
<label class="field"><span>How many</span>
<input type="number" name="count" min="1" max="100" step="1" placeholder="1" value="{{COUNT}}"></label>
</div>
{{#LOADOUT}}<input type="hidden" name="loadout" value="{{VALUE}}">
<p class="loadout-note">Rolling for <a href="{{BACK}}">your loadout</a>: “Add to loadout” on a card adds the item to it.</p>{{/LOADOUT}}
<p class="actions"><button type="submit">Generate</button></p>
</form>
<script src="/static/form-kind.js" defer></script>
