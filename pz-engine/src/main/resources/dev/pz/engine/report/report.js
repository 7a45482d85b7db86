"use strict";
// Selecting a node (a click or Enter on it in the DAG, a click on its row or bar) highlights it in every section.
(function () {
  function select(id) {
    document.querySelectorAll(".selected").forEach(function (el) { el.classList.remove("selected"); });
    if (!id) { return; }
    document.querySelectorAll("[data-id]").forEach(function (el) {
      if (el.getAttribute("data-id") === id) { el.classList.add("selected"); }
    });
  }
  document.addEventListener("click", function (event) {
    var target = event.target.closest("[data-id]");
    select(target ? target.getAttribute("data-id") : null);
  });
  document.addEventListener("keydown", function (event) {
    var target = event.target.closest && event.target.closest(".node[data-id]");
    if (target && (event.key === "Enter" || event.key === " ")) {
      event.preventDefault();
      select(target.getAttribute("data-id"));
    }
  });
}());
