{{%AUTOESCAPE context="HTML"}}
{{! The dungeon map page (mappage.c): the form, then the map as SVG (the
    floor one path, a rectangle per run of floor cells in a row, on a
    wall-coloured ground), its permanent link, a new map from the same
    inputs, and the text form.
    FLOOR and TEXT are x-plain (tmpl.cc): mappage.c builds them from
    numbers and the letters M h v z (svgpath.c) and from '#', '.' and
    newlines (map_text); escaping left them as they are, and the modifier
    fails the page if a byte outside that set ever appears.
    LOOT is expanded twice, the markers in the SVG and the list below,
    from the same dictionaries (one a loot item: half as many sections and
    values to fill as with a section for each place). }}
<section class="map">
<form class="generate" method="get" action="/map">
<h2>Draw a dungeon map</h2>
<div class="fields">
<label class="field"><span>Width (tiles)</span>
<input type="number" name="w" min="1" max="30" step="1" value="{{W}}"></label>
<label class="field"><span>Height (tiles)</span>
<input type="number" name="h" min="1" max="30" step="1" value="{{H}}"></label>
<label class="field"><span>Tileset</span>
<select name="tileset">
{{#TILESET_OPT}}<option value="{{VALUE}}"{{#SEL}} selected{{/SEL}}>{{VALUE}}</option>{{/TILESET_OPT}}
</select></label>
<label class="field"><span>Loot tier</span>
<select name="loot">
{{#LOOT_OPT}}<option value="{{VALUE}}"{{#SEL}} selected{{/SEL}}>{{LABEL}}</option>{{/LOOT_OPT}}
</select></label>
<label class="field"><span>Seed</span>
<input type="text" name="seed" inputmode="numeric" pattern="[0-9]*" maxlength="20" placeholder="random" value="{{SEED}}"></label>
</div>
<p class="actions"><button type="submit">Draw</button> <a class="to-dungeon" href="/dungeon">A keyed dungeon: numbered rooms, doors, stairs and what each room holds</a></p>
</form>
{{#MAP}}
<figure class="dungeon">
<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {{CW}} {{CH}}" width="{{PXW}}" height="{{PXH}}" role="img" aria-label="A {{W}} by {{H}} {{TILESET}} dungeon map, seed {{SEED}}" shape-rendering="crispEdges">
<rect x="0" y="0" width="{{CW}}" height="{{CH}}" fill="#2b2622"/>
<path class="floor" fill="#e8dcc2" d="{{FLOOR:x-plain}}"/>
{{#LOOT}}<a href="{{LINK}}"><circle class="loot" cx="{{CX}}" cy="{{CY}}" r="0.45" fill="#b8860b"><title>{{NAME}}</title></circle></a>{{/LOOT}}
</svg>
<figcaption>{{W}} × {{H}} tiles of <strong>{{TILESET}}</strong>, seed {{SEED}}. <a class="permalink" href="{{LINK}}">Permanent link</a> · <a class="again" href="{{AGAIN}}">New map</a></figcaption>
</figure>
{{#HAS_LOOT}}<h3>Loot</h3>
<p class="loot-cap">{{N_LOOT}} items in {{N_ROOMS}} rooms: one a room, at most {{LOOT_MAX}} a map, the rooms drawn among all of them by the seed when there are more.</p>
<ul class="loot">
{{#LOOT}}<li class="{{RARITY}}"><a href="{{LINK}}">{{NAME}}</a> <span class="where">(tile {{XY}})</span></li>{{/LOOT}}
</ul>{{/HAS_LOOT}}
<details class="map-text"><summary>As text</summary>
<pre>{{TEXT:x-plain}}</pre>
</details>
{{/MAP}}
</section>
