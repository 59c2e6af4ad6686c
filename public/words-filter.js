// /words: the filter (kind, part, "word contains") applied as you type or
// choose, without a page load. The server filters the same way from the
// query (GET /words?kind=K&part=P&q=TEXT), so the page works without this
// script, and the address is kept in step so it can be shared. A kind or
// part whose tables this page does not hold (it was loaded filtered) is
// fetched the ordinary way: the form is sent.
(function () {
	"use strict";
	var form = document.querySelector("form.words-filter");
	if (!form) return;
	var kind = form.querySelector('select[name="kind"]');
	var part = form.querySelector('select[name="part"]');
	var q = form.querySelector('input[name="q"]');
	var tables = Array.prototype.slice.call(document.querySelectorAll("section.word-table"));
	if (!kind || !part || !q) return;

	function holds(k, p) {
		return tables.some(function (t) {
			return (!k || t.dataset.kind === k) && (!p || t.dataset.part === p);
		});
	}

	function apply() {
		var k = kind.value, p = part.value, text = q.value.trim().toLowerCase();
		tables.forEach(function (t) {
			var on = (!k || t.dataset.kind === k) && (!p || t.dataset.part === p);
			var shown = 0;
			t.querySelectorAll("tbody tr").forEach(function (tr) {
				var w = tr.querySelector("td.word");
				var hit = !text || (w && w.textContent.toLowerCase().indexOf(text) >= 0);
				tr.hidden = !hit;
				if (hit) shown++;
			});
			t.hidden = !on || (text !== "" && shown === 0);
		});
		var params = new URLSearchParams();
		if (k) params.set("kind", k);
		if (p) params.set("part", p);
		if (text) params.set("q", q.value.trim());
		var s = params.toString();
		history.replaceState(null, "", "/words" + (s ? "?" + s : ""));
	}

	function chosen() {
		if (holds(kind.value, part.value)) apply();
		else form.submit();
	}

	// Rows the server left out (the page was loaded with a text) cannot
	// come back here: a text that no longer contains it is sent instead.
	var loaded = q.value.trim().toLowerCase();
	function local() {
		return !loaded || q.value.trim().toLowerCase().indexOf(loaded) >= 0;
	}

	kind.addEventListener("change", chosen);
	part.addEventListener("change", chosen);
	q.addEventListener("input", function () {
		if (local()) apply();
	});
	q.addEventListener("change", function () {
		if (!local()) form.submit();
	});
})();
