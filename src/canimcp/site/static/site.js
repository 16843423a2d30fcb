// Progressive enhancement only: every page is complete without this file.
(function () {
  "use strict";
  function norm(s) { return (s || "").toLowerCase().trim(); }

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
      columnRule.textContent = column === undefined ? "" :
        "table.matrix tr > :not(:first-child):not(:nth-child(" + (column + 1) + ")) { display: none; }";
      var shown = 0;
      cats.forEach(function (d) {
        var visibleInCat = 0;
        var catMatches = q && norm(d.querySelector("summary h2").textContent).indexOf(q) >= 0;
        d.querySelectorAll("tr[data-feature]").forEach(function (tr) {
          var ok = !cat || d.getAttribute("data-category") === cat;
          if (ok && q) { ok = catMatches || tr.getAttribute("data-search").indexOf(q) >= 0; }
          if (ok && state) {
            ok = column === undefined ? tr.querySelector("td.s-" + state) !== null :
              tr.cells[column].classList.contains("s-" + state);
          }
          tr.classList.toggle("is-hidden", !ok);
          if (ok) { visibleInCat++; }
        });
        d.classList.toggle("is-hidden", visibleInCat === 0);
        shown += visibleInCat;
      });
      form.count.value = shown + " of " + rows.length + " features shown";
    }
    form.addEventListener("input", apply);
    form.addEventListener("submit", function (e) { e.preventDefault(); apply(); });
    form.hidden = false;
    apply();
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
    form.addEventListener("input", apply);
    form.addEventListener("submit", function (e) { e.preventDefault(); apply(); });
    form.hidden = false;
    apply();
  }

  document.addEventListener("DOMContentLoaded", function () {
    var m = document.getElementById("filters");
    if (m) { matrixFilters(m); }
    var n = document.getElementById("note-filters");
    if (n) { noteFilters(n); }
  });
})();
