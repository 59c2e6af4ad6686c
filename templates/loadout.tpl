{{%AUTOESCAPE context="HTML"}}
{{! The loadout page (loadoutpage.c): the paper doll, the pack, the
    totals, and a form to add an item by its code. Every action is a plain
    link to the URL of the loadout it leads to; no script. }}
<section class="loadout">
<p class="loadout-help">Items join the loadout by their permanent code: use “Add to loadout” on any item card, or paste an item’s code or link below. The address of this page is the whole loadout: bookmark it or share it.</p>
{{#MINE}}<div class="yours"><p class="is-yours">This is your loadout: the header’s “Loadout” opens it.</p><form class="clear" method="post" action="/stash"><input type="hidden" name="csrf" value="{{CSRF}}"><input type="hidden" name="list" value="loadout"><input type="hidden" name="back" value="/loadout"><button type="submit" name="do" value="clear">Clear your loadout</button></form></div>{{/MINE}}
{{#SHARED}}<form class="make-mine" method="post" action="/stash"><input type="hidden" name="csrf" value="{{CSRF}}"><input type="hidden" name="items" value="{{ITEMS}}"><input type="hidden" name="back" value="{{SELF}}"><p>{{#HAS_OWN}}This is not your loadout (yours holds {{OWN_N}} items). {{/HAS_OWN}}<button type="submit" name="do" value="mine">Make it mine</button></p></form>{{/SHARED}}
{{#SHOWN}}
<div class="doll-and-totals">
<table class="doll">
<caption>Worn</caption>
<tbody>
{{#PLACE}}<tr class="place place-{{PLACE}}"><td class="icon"><img class="icon{{#EMPTY}} empty-place{{/EMPTY}}" src="/static/icons/{{ICON}}.svg" alt="" width="32" height="32"></td><th scope="row">{{LABEL}}</th>
<td>{{#EMPTY}}<span class="empty">empty</span>{{/EMPTY}}{{#ALSO}}<span class="also">(held in both hands: {{NAME}})</span>{{/ALSO}}{{#WORN}}<a class="item rarity-{{RARITY}}" href="/item/{{CODE}}">{{NAME}}</a> <span class="actions">{{#UNEQUIP}}{{#LINK}}<a class="unequip" href="{{URL}}">unequip</a>{{/LINK}}{{#POST}}<form class="act act-unequip" method="post" action="/stash"><input type="hidden" name="csrf" value="{{CSRF}}"><input type="hidden" name="items" value="{{ITEMS}}"><input type="hidden" name="back" value="{{URL}}"><button type="submit" name="do" value="mine" class="unequip">unequip</button></form>{{/POST}}{{/UNEQUIP}} {{#REMOVE}}{{#LINK}}<a class="remove" href="{{URL}}">remove</a>{{/LINK}}{{#POST}}<form class="act act-remove" method="post" action="/stash"><input type="hidden" name="csrf" value="{{CSRF}}"><input type="hidden" name="items" value="{{ITEMS}}"><input type="hidden" name="back" value="{{URL}}"><button type="submit" name="do" value="mine" class="remove">remove</button></form>{{/POST}}{{/REMOVE}}</span>{{/WORN}}</td></tr>
{{/PLACE}}
</tbody>
</table>
<table class="totals">
<caption>The character: base + bonuses of what is worn ({{WORN}} items) = total</caption>
<thead><tr><th scope="col">stat</th><th scope="col">base</th><th scope="col">bonuses</th><th scope="col">total</th></tr></thead>
<tbody>
{{#TOTAL}}<tr class="total total-{{NAME}}"><th scope="row">{{LABEL}}</th><td class="base">{{BASE}}</td><td class="bonus">{{BONUS_SIGN}} {{BONUS}}</td><td class="sum">= {{VALUE}}</td></tr>
{{/TOTAL}}<tr class="total total-value"><th scope="row">value</th><td></td><td></td><td class="sum">{{TOTAL_VALUE}} gp</td></tr>
</tbody>
</table>
<p class="item-strength">Strength of the worn items (their affix points, which set each item’s rarity; not the character’s strength): <span class="n">{{ITEM_STR}}</span></p>
</div>
<h2 class="pack-heading">Pack</h2>
{{#PACK_EMPTY}}<p class="empty">The pack is empty.</p>{{/PACK_EMPTY}}
<ul class="pack">
{{#PACK_ITEM}}<li><a class="item rarity-{{RARITY}}" href="/item/{{CODE}}">{{NAME}}</a>{{#FITS}} <span class="slot">({{SLOT}})</span>{{/FITS}} <span class="actions">{{#EQUIP}}{{#LINK}}<a class="equip" href="{{URL}}">equip</a>{{/LINK}}{{#POST}}<form class="act act-equip" method="post" action="/stash"><input type="hidden" name="csrf" value="{{CSRF}}"><input type="hidden" name="items" value="{{ITEMS}}"><input type="hidden" name="back" value="{{URL}}"><button type="submit" name="do" value="mine" class="equip">equip</button></form>{{/POST}}{{/EQUIP}} {{#EQUIP_OFF}}{{#LINK}}<a class="equip-off" href="{{URL}}">equip in off hand</a>{{/LINK}}{{#POST}}<form class="act act-equip-off" method="post" action="/stash"><input type="hidden" name="csrf" value="{{CSRF}}"><input type="hidden" name="items" value="{{ITEMS}}"><input type="hidden" name="back" value="{{URL}}"><button type="submit" name="do" value="mine" class="equip-off">equip in off hand</button></form>{{/POST}}{{/EQUIP_OFF}} {{#REMOVE}}{{#LINK}}<a class="remove" href="{{URL}}">remove</a>{{/LINK}}{{#POST}}<form class="act act-remove" method="post" action="/stash"><input type="hidden" name="csrf" value="{{CSRF}}"><input type="hidden" name="items" value="{{ITEMS}}"><input type="hidden" name="back" value="{{URL}}"><button type="submit" name="do" value="mine" class="remove">remove</button></form>{{/POST}}{{/REMOVE}}</span></li>
{{/PACK_ITEM}}
</ul>
{{/SHOWN}}
{{#CAN_ADD}}<form class="add" method="get" action="/loadout">
{{#KEEP}}<input type="hidden" name="item" value="{{CODE}}{{#AT}}:{{PLACE}}{{/AT}}">
{{/KEEP}}<label class="field"><span>Add an item (its code or link)</span>
<input type="text" name="item" maxlength="200" autocomplete="off"></label>
<label class="field"><span>Base values of the character <small>(stat:value, commas between: attack:3,defense:2,str:10)</small></span>
<input type="text" name="base" maxlength="200" autocomplete="off" value="{{BASE}}"></label>
<p class="actions"><button type="submit">Add</button></p>
</form>{{/CAN_ADD}}
{{#SHOWN}}<p class="links"><a class="permalink" href="{{SELF}}">Link to this loadout</a> · <a class="more" href="{{MORE}}">Find more loot for it</a></p>{{/SHOWN}}
</section>
