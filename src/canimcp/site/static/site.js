// Progressive enhancement only: every page is complete without this file.
(function () {
  "use strict";
  function norm(s) { return (s || "").toLowerCase().trim(); }

  // A filter form's choices live in the page's query string (?client=codex&q=roots), so that a filtered view
  // can be shared and reloaded, and Back shows what the form says: Chromium restores the fields of a page it
  // loads again after the page's script has run, without an input event.
  function filterForm(form, names, apply) {
    var params = new URLSearchParams(location.search);
    names.forEach(function (name) {
      var field = form[name], value = params.get(name);
      var offered = !field.options || Array.prototype.some.call(field.options, function (o) { return o.value === value; });
      if (value !== null && offered) { field.value = value; }  // a choice the list does not have is left out
    });
    var applied = null;
    function choices() { return names.map(function (name) { return form[name].value; }).join("\u0000"); }
    function update() {
      if (choices() === applied) { return; }
      applied = choices();
      apply();
    }
    function remember() {
      var query = new URLSearchParams(location.search);
      names.forEach(function (name) {
        if (form[name].value) { query.set(name, form[name].value); } else { query.delete(name); }
      });
      var text = query.toString();
      history.replaceState(history.state, "", location.pathname + (text ? "?" + text : "") + location.hash);
    }
    form.addEventListener("input", function () { update(); remember(); });
    form.addEventListener("submit", function (e) { e.preventDefault(); update(); remember(); });
    window.addEventListener("pageshow", update);
    form.hidden = false;
    update();
    if (names.some(function (name) { return params.has(name); })) { remember(); }  // drops what was left out
  }

  var STATES = ["yes", "partial", "no", "unknown"];
  var WORDS = { yes: "supported", partial: "partial", no: "not supported", unknown: "unknown" };

  function tallyText(counts) {
    return {
      shown: "✓ " + counts.yes + " · ◐ " + counts.partial + " · ✕ " + counts.no + " · ? " + counts.unknown,
      said: STATES.map(function (s) { return counts[s] + " " + WORDS[s]; }).join(", ")
    };
  }

  function setTally(tally, counts, filtered) {
    var text = tallyText(counts);
    tally.querySelector("[aria-hidden]").textContent = text.shown + (filtered ? " in view" : "");
    tally.querySelector(".vh").textContent = text.said + (filtered ? " among the cells in view" : "");
  }

  function matrixFilters(form) {
    var rows = Array.prototype.slice.call(document.querySelectorAll("tr[data-feature]"));
    var cats = Array.prototype.slice.call(document.querySelectorAll("details.category[data-category]"));
    // Every table lists the clients in the same order, so a client is a column number. One style rule hides
    // the other columns: toggling a class on each cell took seconds on a matrix of 500 clients.
    var columns = {};
    var head = document.querySelector("table.matrix thead tr");
    Array.prototype.forEach.call(head ? head.cells : [], function (th, i) {
      var id = th.getAttribute("data-client");
      if (id) { columns[id] = i; }
    });
    var columnRule = document.createElement("style");
    document.head.appendChild(columnRule);
    function apply() {
      var q = norm(form.q.value), cat = form.category.value, state = form.state.value;
      var column = form.client.value ? columns[form.client.value] : undefined;
      var filtered = Boolean(q || cat || state || column !== undefined);
      columnRule.textContent = column === undefined ? "" :
        "table.matrix tr > :not(:first-child):not(:nth-child(" + (column + 1) + ")) { display: none; }";
      var shown = 0;
      cats.forEach(function (d) {
        var visibleInCat = 0;
        var counts = { yes: 0, partial: 0, no: 0, unknown: 0 };
        var catMatches = q && norm(d.querySelector("summary h2").textContent).indexOf(q) >= 0;
        d.querySelectorAll("tr[data-feature]").forEach(function (tr) {
          var ok = !cat || d.getAttribute("data-category") === cat;
          if (ok && q) { ok = catMatches || tr.getAttribute("data-search").indexOf(q) >= 0; }
          if (ok && state) {
            ok = column === undefined ? tr.querySelector("td.s-" + state) !== null :
              tr.cells[column].classList.contains("s-" + state);
          }
          tr.classList.toggle("is-hidden", !ok);
          if (!ok) { return; }
          visibleInCat++;
          // the tally counts the cells in view: the chosen client's, or every client's
          if (column !== undefined) {
            counts[tr.cells[column].className.slice(2)]++;
          } else if (filtered) {
            for (var i = 1; i < tr.cells.length; i++) { counts[tr.cells[i].className.slice(2)]++; }
          }
        });
        d.classList.toggle("is-hidden", visibleInCat === 0);
        var tally = d.querySelector(".tally");
        if (tally) {
          if (filtered) {
            setTally(tally, counts, true);
          } else {
            setTally(tally, JSON.parse(tally.getAttribute("data-counts")), false);
          }
        }
        shown += visibleInCat;
      });
      form.count.value = shown + " of " + rows.length + " features shown";
    }
    filterForm(form, ["q", "category", "state", "client"], apply);
  }

  function noteFilters(form) {
    var items = Array.prototype.slice.call(document.querySelectorAll(".note-index > li"));
    function apply() {
      var shown = 0;
      items.forEach(function (li) {
        var ok = (!form.kind.value || li.getAttribute("data-kind") === form.kind.value) &&
          (!form.status.value || li.getAttribute("data-status") === form.status.value) &&
          (!form.client.value || li.getAttribute("data-clients").indexOf(" " + form.client.value + " ") >= 0) &&
          (!form.capability.value || li.getAttribute("data-capabilities").indexOf(" " + form.capability.value + " ") >= 0);
        li.classList.toggle("is-hidden", !ok);
        if (ok) { shown++; }
      });
      form.count.value = shown + " of " + items.length + " notes shown";
    }
    filterForm(form, ["kind", "client", "capability", "status"], apply);
  }

  // A matrix cell reached with the keyboard is scrolled clear of the sticky feature column and client row. The
  // style sheet's scroll padding keeps it from being hidden whole; the browser still leaves part of it under
  // them. Not on a click: what a person clicks is already where they see it.
  function keepFocusInView(e) {
    var td = e.target.closest ? e.target.closest("table.matrix td") : null;
    if (!td || !e.target.matches(":focus-visible")) { return; }
    var scroll = td.closest(".scroll"), cell = td.getBoundingClientRect();
    var left = td.parentNode.cells[0].getBoundingClientRect().right - cell.left;
    var top = scroll.querySelector("thead").getBoundingClientRect().bottom - cell.top;
    if (left > 0) { scroll.scrollLeft -= left; }
    if (top > 0) { scroll.scrollTop -= top; }
  }

  document.addEventListener("focusin", keepFocusInView);
  document.addEventListener("DOMContentLoaded", function () {
    var m = document.getElementById("filters");
    if (m) { matrixFilters(m); }
    var n = document.getElementById("note-filters");
    if (n) { noteFilters(n); }
  });
})();
