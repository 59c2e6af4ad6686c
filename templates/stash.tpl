{{%AUTOESCAPE context="HTML"}}
{{! /stash: the visitor's kept items and recent rolls, from the visitor
    cookie (docs/loadout.md). Every action is a POST form with the csrf
    token: it works without script. }}
<section class="stash" aria-labelledby="kept-h">
<h2 id="kept-h">Kept items</h2>
{{#NO_KEPT}}<p class="empty">Nothing kept yet: press “Keep” on a card.</p>{{/NO_KEPT}}
{{#HAS_KEPT}}
<ul class="stash-list kept">
{{#KEPT}}<li class="stash-item rarity-{{RARITY}}"><a class="item" href="/item/{{CODE}}">{{NAME}}</a> <span class="kind">{{KIND}}</span> <span class="price">{{PRICE}} gp</span>
<form class="act" method="post" action="/stash"><input type="hidden" name="csrf" value="{{CSRF}}"><input type="hidden" name="code" value="{{CODE}}"><input type="hidden" name="back" value="/stash">{{#CAN_WEAR}}<button type="submit" name="do" value="wear" class="equip">Equip</button>{{/CAN_WEAR}}{{#CAN_CARRY}}<button type="submit" name="do" value="carry" class="equip">Add to loadout</button>{{/CAN_CARRY}}{{#IN_LOADOUT}}<span class="in-loadout">in your loadout</span>{{/IN_LOADOUT}} <button type="submit" name="do" value="unkeep" class="remove">Remove</button></form></li>
{{/KEPT}}
</ul>
<form class="clear" method="post" action="/stash"><input type="hidden" name="csrf" value="{{CSRF}}"><input type="hidden" name="list" value="stash"><input type="hidden" name="back" value="/stash"><button type="submit" name="do" value="clear">Clear the stash</button></form>
{{/HAS_KEPT}}
</section>
<section class="stash" aria-labelledby="recent-h">
<h2 id="recent-h">Recent rolls</h2>
{{#NO_RECENT}}<p class="empty">No rolls yet.</p>{{/NO_RECENT}}
{{#HAS_RECENT}}
<ol class="stash-list recent">
{{#RECENT}}<li class="stash-item rarity-{{RARITY}}"><a class="item" href="/item/{{CODE}}">{{NAME}}</a> <span class="kind">{{KIND}}</span> <span class="price">{{PRICE}} gp</span>
<form class="act" method="post" action="/stash"><input type="hidden" name="csrf" value="{{CSRF}}"><input type="hidden" name="code" value="{{CODE}}"><input type="hidden" name="back" value="/stash"><button type="submit" name="do" value="keep" class="keep">Keep</button>{{#CAN_WEAR}} <button type="submit" name="do" value="wear" class="equip">Equip</button>{{/CAN_WEAR}}{{#CAN_CARRY}} <button type="submit" name="do" value="carry" class="equip">Add to loadout</button>{{/CAN_CARRY}}{{#IN_LOADOUT}} <span class="in-loadout">in your loadout</span>{{/IN_LOADOUT}} <button type="submit" name="do" value="forget" class="remove">Remove</button></form></li>
{{/RECENT}}
</ol>
<form class="clear" method="post" action="/stash"><input type="hidden" name="csrf" value="{{CSRF}}"><input type="hidden" name="list" value="recent"><input type="hidden" name="back" value="/stash"><button type="submit" name="do" value="clear">Clear the recent rolls</button></form>
{{/HAS_RECENT}}
</section>
<section class="stash" aria-labelledby="mine-h">
<h2 id="mine-h">Your loadout</h2>
<p><a class="mine" href="{{MINE}}">Open your loadout</a> ({{N_WORN}} items)</p>
{{#HAS_WORN}}<form class="clear" method="post" action="/stash"><input type="hidden" name="csrf" value="{{CSRF}}"><input type="hidden" name="list" value="loadout"><input type="hidden" name="back" value="/stash"><button type="submit" name="do" value="clear">Clear your loadout</button></form>{{/HAS_WORN}}
<p class="formats">This stash as <a href="/stash?format=json">JSON</a> · <a href="/stash?format=csv">CSV</a>. It lives in a cookie of this browser only (no account): see <a href="/static/openapi.json">the API</a>.</p>
</section>
