{{%AUTOESCAPE context="HTML"}}
{{! The keyed dungeon page (dungeonpage.c): the form (not on a permanent
    link's page), then the map as SVG (hallway and room floor as paths, a
    grid, doors as bars, stairs, room numbers), its links and downloads,
    and the key: what each room holds. Printed, only the map and the key
    remain (the print stylesheet hides the site's header, the form and the
    links). }}
<section class="dungeon-page">
{{#FORM}}<form class="generate" method="get" action="/dungeon">
<h2>Make a keyed dungeon</h2>
<div class="fields">
<label class="field"><span>Width (tiles)</span>
<input type="number" name="w" min="1" max="30" step="1" value="{{W}}"></label>
<label class="field"><span>Height (tiles)</span>
<input type="number" name="h" min="1" max="30" step="1" value="{{H}}"></label>
<label class="field"><span>Tileset</span>
<select name="tileset">
{{#TILESET_OPT}}<option value="{{VALUE}}"{{#SEL}} selected{{/SEL}}>{{VALUE}}</option>{{/TILESET_OPT}}
</select></label>
<label class="field"><span>Level (1-20)</span>
<input type="number" name="level" min="1" max="20" step="1" value="{{LEVEL}}"></label>
<label class="field"><span>Hallways (0-100)</span>
<input type="number" name="hallways" min="0" max="100" step="1" value="{{HALLWAYS}}"></label>
<label class="field"><span>Seed</span>
<input type="text" name="seed" inputmode="numeric" pattern="[0-9]*" maxlength="20" placeholder="random" value="{{SEED}}"></label>
</div>
<p class="actions"><button type="submit">Make</button></p>
</form>{{/FORM}}
{{#DUNGEON}}
<figure class="dungeon keyed">
<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {{CW}} {{CH}}" width="{{PXW}}" height="{{PXH}}" role="img" aria-label="A keyed {{W}} by {{H}} {{TILESET}} dungeon of level {{LEVEL}}, seed {{SEED}}" shape-rendering="crispEdges">
<defs><pattern id="grid" width="1" height="1" patternUnits="userSpaceOnUse"><path d="M1 0H0V1" fill="none" stroke="#00000030" stroke-width="0.06"/></pattern></defs>
<rect x="0" y="0" width="{{CW}}" height="{{CH}}" fill="#2b2622"/>
{{! HALL, ROOMS and DOORS: SVG paths dungeonpage.c writes from numbers
    and the letters M, L, h, v, z (svgpath.c), ~25 KB a 30 x 30 page,
    which HTML escaping leaves as they are: x-plain checks it. }}
<path class="hallway" fill="#cbbfa6" d="{{HALL:x-plain}}"/>
<path class="room" fill="#e8dcc2" d="{{ROOMS:x-plain}}"/>
<rect x="0" y="0" width="{{CW}}" height="{{CH}}" fill="url(#grid)"/>
<path class="doors" stroke="#74451a" stroke-width="0.35" fill="none" d="{{DOORS:x-plain}}"/>
<g class="stairs"><text class="up" x="{{UX}}.5" y="{{UY}}.85" font-size="1" text-anchor="middle" fill="#1f7a26">▲<title>stairs up</title></text><text class="down" x="{{DX}}.5" y="{{DY}}.85" font-size="1" text-anchor="middle" fill="#a01818">▼<title>stairs down</title></text></g>
<g class="labels" font-size="1" font-weight="bold" fill="#1a1a4d">{{#LABEL}}<text x="{{X}}" y="{{Y}}">{{N}}</text>{{/LABEL}}</g>
</svg>
<figcaption>{{W}} × {{H}} tiles of <strong>{{TILESET}}</strong>, level {{LEVEL}}, hallways {{HALLWAYS}}, seed {{SEED}}: {{N_ROOMS}} rooms, {{N_DOORS}} doors; stairs up {{#UP_IN_ROOM}}in room {{N}}{{/UP_IN_ROOM}}{{#UP_IN_HALL}}in a hallway{{/UP_IN_HALL}}, down {{#DOWN_IN_ROOM}}in room {{N}}{{/DOWN_IN_ROOM}}{{#DOWN_IN_HALL}}in a hallway{{/DOWN_IN_HALL}}. Treasure {{SPENT}} of a {{BUDGET}} gp budget.
<span class="links"><a class="permalink" href="{{LINK}}">Permanent link</a> · <a class="again" href="{{AGAIN}}">Another dungeon</a> · <a class="png" href="{{LINK}}?format=png">PNG</a> · <a class="vtt" href="{{LINK}}?format=vtt">Universal VTT (.dd2vtt)</a> · <a class="json" href="{{LINK}}?format=json">JSON</a> · <a class="text" href="{{LINK}}?format=text">Text</a></span></figcaption>
</figure>
<h3>Key</h3>
<ol class="dungeon-key">
{{#ROOM}}<li id="room-{{N}}" value="{{N}}" class="{{STOCK}}"><strong>Room {{N}}</strong> ({{STOCK}}{{#UP}}; stairs up{{/UP}}{{#DOWN}}; stairs down{{/DOWN}}){{#EMPTY}}: nothing of value.{{/EMPTY}}{{#TREASURE}} {{TEXT}}.{{/TREASURE}}{{#ITEM}} <span class="item {{RARITY}}">{{#LINKED}}<a href="{{LINK}}">{{NAME}}</a>{{/LINKED}}{{#UNLINKED}}{{NAME}}{{/UNLINKED}} <span class="kind">({{KIND}})</span>{{#WORTH}} <span class="worth">{{STATS}}{{VALUE}} gp</span>{{/WORTH}}</span>{{/ITEM}}{{#ROOM_TOTAL}} <span class="total">Total: {{GP}} gp.</span>{{/ROOM_TOTAL}}{{#DRESS}}<span class="dress">{{#DESCRIPTION}} <span class="description">{{TEXT}}</span>{{/DESCRIPTION}}{{#OCCUPANTS}} <span class="occupants">Occupants: {{TEXT}}.</span>{{/OCCUPANTS}}{{#TRAP}} <span class="trap">Trap: {{NAME}}: {{EFFECT}}.</span>{{/TRAP}}</span>{{/DRESS}}</li>
{{/ROOM}}</ol>{{#DRESSED}}
{{#TOTAL}}<p class="dungeon-total">Treasure in all: <strong>{{GP}} gp</strong>.</p>
{{/TOTAL}}<h3>Doors</h3>
<ol class="dungeon-doors">
{{#DOOR}}<li class="door {{STATE}}">Room {{ROOM}}, at {{X}}, {{Y}}: <strong>{{STATE}}</strong></li>
{{/DOOR}}</ol>
{{#HALL_TRAPS}}<h3>Hallway traps</h3>
<ul class="hall-traps">
{{#HALL_TRAP}}<li>At {{X}}, {{Y}}: <strong>{{NAME}}</strong>: {{EFFECT}}.</li>
{{/HALL_TRAP}}</ul>
{{/HALL_TRAPS}}{{/DRESSED}}
{{/DUNGEON}}
</section>
