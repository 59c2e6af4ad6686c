{{%AUTOESCAPE context="HTML"}}
{{! The dungeon map page (mappage.c): the form, then the map as SVG (the
    floor one path, a rectangle per run of floor cells in a row, on a
    wall-coloured ground), its permanent link, a new map from the same
    inputs, and the text form.
    FLOOR and TEXT are x-plain (tmpl.cc): mappage.c builds them from
    numbers and the letters M h v z (svgpath.c) and from '#', '.' and
    newlines (map_text); escaping left them as they are, and the modifier
    fails the page if a byte outside that set ever appears.
    LOOT is expanded twice, the markers in the SVG and the list beside,
    from the same dictionaries (one a loot item: half as many sections and
    values to fill as with a section for each place); N is the number a
    marker and its list entry share, X and Y its tile in the grid's own
    coordinates (those of the JSON's x and y), which COL and ROW draw along
    the top and the left, in the margin the viewBox leaves there. }}
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
<div class="map-and-loot">
<figure class="dungeon">
<svg xmlns="http://www.w3.org/2000/svg" viewBox="{{VX}} {{VY}} {{VW}} {{VH}}" width="{{PXW}}" height="{{PXH}}" role="img" aria-label="A {{W}} by {{H}} {{TILESET}} dungeon map, seed {{SEED}}, its columns and rows of tiles numbered from 0{{#HAS_LOOT}}, the loot numbered as in the list{{/HAS_LOOT}}" shape-rendering="crispEdges">
<rect x="0" y="0" width="{{CW}}" height="{{CH}}" fill="#2b2622"/>
<path class="floor" fill="#e8dcc2" d="{{FLOOR:x-plain}}"/>
<path class="tile-grid" fill="none" stroke="#8a6a22" stroke-width="0.15" stroke-dasharray="0.6 0.6" d="{{GRID}}"/>
<g class="grid-labels" font-size="2.4" font-family="sans-serif" fill="currentColor" shape-rendering="auto">
{{#COL}}<text class="grid-x" x="{{X}}" y="-1" text-anchor="middle">{{N}}</text>{{/COL}}
{{#ROW}}<text class="grid-y" x="-0.8" y="{{Y}}" text-anchor="end">{{N}}</text>{{/ROW}}
</g>
{{#LOOT}}<a class="loot" href="{{LINK}}"><circle class="loot" cx="{{CX}}" cy="{{CY}}" r="0.45" fill="#b8860b"><title>{{N}}. {{NAME}} (tile: column {{X}}, row {{Y}})</title></circle><text class="loot-n" x="{{CX}}" y="{{LY}}" text-anchor="middle" font-size="2.2" font-family="sans-serif" font-weight="bold" fill="#fff3c4" stroke="#2b2622" stroke-width="0.5" paint-order="stroke" shape-rendering="auto">{{N}}</text></a>{{/LOOT}}
</svg>
<figcaption>{{W}} × {{H}} tiles of <strong>{{TILESET}}</strong>, seed {{SEED}}; columns and rows of tiles numbered from 0 along the top and the left. <a class="permalink" href="{{LINK}}">Permanent link</a> · <a class="again" href="{{AGAIN}}">New map</a></figcaption>
</figure>
{{#HAS_LOOT}}<section class="map-loot" aria-labelledby="loot-h">
<h2 id="loot-h">Loot</h2>
<p class="loot-cap">{{N_LOOT}} items in {{N_ROOMS}} rooms: one a room, at most {{LOOT_MAX}} a map, the rooms drawn among all of them by the seed when there are more. Each is numbered as its marker on the map, with its tile (the column and row drawn along the map's edges).</p>
<ol class="loot-list">
{{#LOOT}}<li class="{{RARITY}}" id="loot-{{N}}"><span class="n">{{N}}</span> <a href="{{LINK}}">{{NAME}}</a> <span class="where">tile: column {{X}}, row {{Y}}</span></li>{{/LOOT}}
</ol></section>{{/HAS_LOOT}}
</div>
<details class="map-text"><summary>As text</summary>
<pre>{{TEXT:x-plain}}</pre>
</details>
{{/MAP}}
</section>
