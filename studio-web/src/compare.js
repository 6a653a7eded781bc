// 对比 Compare: the house rule against its parent (or another variant), rule by rule, each
// difference with a scene of play where the two differ; the house-rule sheet below.

import {postJSON} from "./api.js";
import {fill, h, sandboxed} from "./dom.js";
import {errorText, label, onLanguage, t} from "./i18n.js";
import {on, state} from "./state.js";

export function comparePanel() {
  let asked = 0; // the last request's number: older answers are dropped
  let shownFor = null; // the text and choice the results are for
  let last = null;

  const other = h("select", {testid: "compare-other", onchange: () => run()});
  const run_ = label(h("button", {type: "button", class: "primary", testid: "compare-run", onclick: () => run()}),
    "studio.page.compare.run");
  const status = h("span", {class: "status", role: "status", testid: "compare-status"});
  const results = h("div", {class: "compare-results", testid: "compare-results"});
  const sheet = sandboxed({class: "sheet", testid: "compare-sheet"});
  label(sheet, "studio.page.compare.sheet", undefined, "title");
  const sheetBox = h("div", {class: "sheet-box", hidden: true}, label(h("h2"), "studio.page.compare.sheet"), sheet);

  const element = h("section", {class: "panel panel-compare", testid: "panel-compare"},
    h("div", {class: "controls"},
      h("label", {}, label(h("span"), "studio.page.compare.other"), other), run_, status),
    results, sheetBox);

  function renderChoices() {
    const chosen = other.value;
    fill(other,
      label(h("option", {value: ""}), "studio.page.compare.parent"),
      (state.session.variants || []).map((name) => h("option", {value: name}, name)));
    other.value = chosen;
  }

  async function run() {
    const number = ++asked;
    const choice = other.value || null;
    const text = state.text;
    fill(status, t("studio.page.compare.running"));
    status.className = "status";
    run_.disabled = true;
    let answer;
    try {
      answer = await postJSON("/api/compare", {name: state.name, text, other: choice});
    } catch (error) {
      if (number !== asked) return;
      run_.disabled = false;
      fill(status, errorText(error));
      status.className = "status error";
      return;
    }
    if (number !== asked) return;
    run_.disabled = false;
    fill(status);
    shownFor = `${choice}\u0000${text}`;
    last = answer;
    render();
  }

  function render() {
    if (!last) return;
    const differences = last.differences || [];
    fill(results,
      h("h2", {}, `${last.a} → ${last.b}`),
      differences.length
        ? h("p", {class: "summary"}, t("studio.page.compare.count", {count: differences.length}))
        : label(h("p", {class: "empty"}), "studio.page.compare.none"),
      h("ol", {class: "differences"}, differences.map((d) => h("li", {class: "difference", testid: "difference",
        dataset: {rule: d.rule || ""}},
      h("h3", {}, d.title || d.rule, d.title && d.rule ? h("code", {class: "rule"}, d.rule) : null),
      h("p", {class: "values"},
        h("span", {class: "a"}, h("small", {}, `${last.a} `), h("b", {}, d.a ?? "—")),
        h("span", {class: "arrow"}, " → "),
        h("span", {class: "b"}, h("small", {}, `${last.b} `), h("b", {}, d.b ?? "—"))),
      d.says ? h("p", {class: "says"}, d.says) : null,
      d.scene ? h("details", {class: "scene", open: true},
        label(h("summary"), "studio.page.compare.scene"),
        h("p", {class: "scene-text"}, d.scene)) : null))));
    sheetBox.hidden = !last.sheet_html;
    sheet.srcdoc = last.sheet_html || "";
  }

  renderChoices();
  on("session", renderChoices);
  onLanguage(() => {
    render();
    if (last) run(); // the server's sentences are in the page's language
  });
  on("file", () => {
    last = null;
    shownFor = null;
    fill(results);
    sheetBox.hidden = true;
  });

  return {
    element,
    shown() {
      const current = `${other.value || null}\u0000${state.text}`;
      if (shownFor !== current && state.name) run();
    },
  };
}
