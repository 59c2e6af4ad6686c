// The spell proposal form (/submit/spell): labels each effect's number
// inputs with what they mean for the chosen effect, hides the ones it does
// not use, and offers a choice list for a param that names a table row
// (element, stat, object, sight). Everything it reads is in the page's
// "What p1 to p5 mean" table, drawn from the server's one effect table; the
// form works the same without this script.
(function () {
	"use strict";
	var help = document.querySelector("table.effect-help");
	if (!help) return;

	function cell(kind, n) {
		var row = help.querySelector('tr[data-kind="' + kind + '"]');
		return row ? row.querySelector('td[data-param="' + n + '"][data-label]') : null;
	}

	function choiceSelect(label, input, choices) {
		var sel = label.querySelector("select.choice");
		if (!sel) {
			sel = document.createElement("select");
			sel.className = "choice";
			label.appendChild(sel);
		}
		sel.textContent = "";
		choices.split(", ").forEach(function (c) {
			var sp = c.indexOf(" ");
			var o = document.createElement("option");
			o.value = c.slice(0, sp);
			o.textContent = c.slice(sp + 1);
			sel.appendChild(o);
		});
		if (input.value) sel.value = input.value;
		if (sel.selectedIndex < 0) sel.selectedIndex = 0;
		input.value = sel.value;
		sel.onchange = function () { input.value = sel.value; };
		return sel;
	}

	function update(fs) {
		var kind = fs.querySelector(".effect-kind select").value;
		fs.querySelectorAll("label.param").forEach(function (label) {
			var n = label.getAttribute("data-param");
			var input = label.querySelector("input");
			var span = label.querySelector(".plabel");
			var c = kind ? cell(kind, n) : null;
			var sel = label.querySelector("select.choice");
			if (!c) {
				label.hidden = true;
				input.value = "";
				return;
			}
			label.hidden = false;
			span.textContent = c.getAttribute("data-label");
			label.title = c.querySelector("small").textContent;
			input.min = c.getAttribute("data-min");
			input.max = c.getAttribute("data-max");
			var choices = c.getAttribute("data-choices");
			if (choices) {
				choiceSelect(label, input, choices).hidden = false;
				input.hidden = true;
			} else {
				if (sel) sel.hidden = true;
				input.hidden = false;
			}
		});
	}

	document.querySelectorAll("fieldset.effect").forEach(function (fs) {
		fs.querySelector(".effect-kind select").addEventListener("change", function () {
			update(fs);
		});
		update(fs);
	});
})();
