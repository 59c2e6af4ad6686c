// /spells: the filter (level, "name contains") applied as you choose or
// type, without a page load; the server filters the same way from the query
// (GET /spells?level=N&q=TEXT), so the page works without this script, and
// the address is kept in step. Rows the server left out (the page was
// loaded with a level or a text) come back by sending the form.
(function () {
	"use strict";
	var form = document.querySelector("form.spells-filter");
	if (!form) return;
	var level = form.querySelector('select[name="level"]');
	var q = form.querySelector('input[name="q"]');
	var groups = Array.prototype.slice.call(document.querySelectorAll("tbody.spell-level"));
	if (!level || !q) return;
	var loadedLevel = level.value, loadedQ = q.value.trim().toLowerCase();

	function local() {
		var text = q.value.trim().toLowerCase();
		return (!loadedLevel || level.value === loadedLevel) &&
			(!loadedQ || text.indexOf(loadedQ) >= 0);
	}

	function apply() {
		var l = level.value, text = q.value.trim().toLowerCase();
		groups.forEach(function (g) {
			var shown = 0;
			g.querySelectorAll("tr:not(.level-head)").forEach(function (tr) {
				var w = tr.querySelector("td.word");
				var hit = !text || (w && w.textContent.toLowerCase().indexOf(text) >= 0);
				tr.hidden = !hit;
				if (hit) shown++;
			});
			g.hidden = (l && g.id !== "level-" + l) || shown === 0;
		});
		var params = new URLSearchParams();
		if (l) params.set("level", l);
		if (text) params.set("q", q.value.trim());
		var s = params.toString();
		history.replaceState(null, "", "/spells" + (s ? "?" + s : ""));
	}

	level.addEventListener("change", function () {
		if (local()) apply();
		else form.submit();
	});
	q.addEventListener("input", function () {
		if (local()) apply();
	});
	q.addEventListener("change", function () {
		if (!local()) form.submit();
	});
})();
