{{%AUTOESCAPE context="HTML"}}
{{! /compare?item=CODE: the item against what the visitor wears in its
    slot (stashpage.c). Green: the item gives more; red: less. }}
<section class="compare">
<p class="compare-item"><a class="item rarity-{{RARITY}}" href="/item/{{CODE}}">{{NAME}}</a> · <span class="price">{{PRICE}} gp</span></p>
{{#NOT_WORN}}<p class="empty">This item is not worn: it can only be carried.</p>{{/NOT_WORN}}
{{#WAY}}<div class="way">
<h2>{{PLACE}}: against {{#AGAINST_NOTHING}}nothing (the place is empty){{/AGAINST_NOTHING}}{{#AGAINST}}<a class="worn" href="/item/{{CODE}}">{{NAME}}</a> {{/AGAINST}}</h2>
<ul class="deltas">
{{#DELTA}}<li class="delta {{CLASS}} stat-{{STAT}}"><span class="n">{{SIGN}}{{N}}</span> {{STAT}}</li>{{/DELTA}}
<li class="delta {{VALUE_CLASS}} value"><span class="n">{{VALUE_SIGN}}{{VALUE}} gp</span> value</li>
</ul>
<form class="equip" method="post" action="/stash"><input type="hidden" name="csrf" value="{{CSRF}}"><input type="hidden" name="code" value="{{CODE}}"><input type="hidden" name="place" value="{{PLACE_NAME}}"><input type="hidden" name="back" value="/compare?item={{CODE}}"><button type="submit" name="do" value="wear">Equip ({{PLACE}})</button></form>
</div>{{/WAY}}
<form class="keep" method="post" action="/stash"><input type="hidden" name="csrf" value="{{CSRF}}"><input type="hidden" name="code" value="{{CODE}}"><input type="hidden" name="back" value="/compare?item={{CODE}}"><button type="submit" name="do" value="keep">Keep</button></form>
<p class="links"><a href="/loadout">Your loadout</a> · <a href="/stash">Your stash</a></p>
</section>
