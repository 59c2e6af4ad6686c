// The generate form (/): choosing a kind swaps the word lists for that
// kind's at once, without pressing Generate. The lists come from the
// server's own form for the kind (GET /?kind=K, the fieldset of words), so
// this script knows nothing of kinds or parts. Without it the form still
// works: the lists follow the kind on the next page.
(function () {
	"use strict";
	var form = document.querySelector('form.generate[action="/generate"]');
	var kind = form && form.querySelector('select[name="kind"]');
	if (!kind || !form.querySelector("fieldset.words") || !window.fetch) return;

	kind.addEventListener("change", function () {
		var want = kind.value;
		fetch("/?kind=" + encodeURIComponent(want), {
			credentials: "same-origin",
			headers: { Accept: "text/html" }
		}).then(function (r) {
			if (!r.ok) throw new Error("HTTP " + r.status);
			return r.text();
		}).then(function (html) {
			if (kind.value !== want) return; // chosen again meanwhile
			var doc = new DOMParser().parseFromString(html, "text/html");
			var fresh = doc.querySelector('form.generate fieldset.words');
			var old = form.querySelector("fieldset.words");
			if (!fresh || !old) return;
			old.replaceWith(document.importNode(fresh, true));
			form.setAttribute("data-words-kind", want);
		}).catch(function () {
			// the lists follow the kind once the form is sent
		});
	});
})();
