// 模拟 Simulate: bots play N games under the file's rules and under another variant's (its
// parent by default), with the same deals; what the rules change, with confidence intervals.

import {getJSON, postJSON} from "./api.js";
import {fill, h, sandboxed} from "./dom.js";
import {errorText, label, onLanguage, t} from "./i18n.js";
import {on, state} from "./state.js";

const BOTS = ["heuristic", "greedy", "random"];
const POLL_MS = 500;

/** A figure as the table shows it: a proportion in per cent, others to 3 significant digits. */
function shown(value, kind, signed = false) {
  if (value === undefined || value === null || value === "") return "";
  if (typeof value !== "number") return String(value);
  const sign = signed && value > 0 ? "+" : "";
  if (kind === "proportion") return `${sign}${(100 * value).toFixed(1)}%`;
  const digits = Math.abs(value) >= 100 ? 1 : Math.abs(value) >= 10 ? 2 : 3;
  return `${sign}${Number(value.toFixed(digits))}`;
}

export function simulatePanel() {
  let job = null; // the job being watched
  let timer = null;
  let lastReport = null;

  const games = h("input", {type: "number", min: "1", max: "2000", step: "1", value: "200", testid: "sim-games"});
  const bots = h("select", {testid: "sim-bots"}, BOTS.map((name) => h("option", {value: name})));
  const other = h("select", {testid: "sim-other"});
  const seed = h("input", {type: "number", min: "0", step: "1", value: "1", testid: "sim-seed"});
  const start = label(h("button", {type: "button", class: "primary", testid: "sim-run", onclick: () => run()}),
    "studio.page.sim.run");
  const bar = h("progress", {max: "1", value: "0"});
  const progressText = h("span", {class: "progress-text"});
  const progress = h("div", {class: "progress", testid: "sim-progress", hidden: true}, bar, progressText);
  const status = h("p", {class: "status", role: "status", testid: "sim-status"});
  const results = h("div", {class: "sim-results", testid: "sim-results"});

  const element = h("section", {class: "panel panel-simulate", testid: "panel-simulate"},
    h("div", {class: "controls"},
      h("label", {}, label(h("span"), "studio.page.sim.games"), games),
      h("label", {}, label(h("span"), "studio.page.sim.bots"), bots),
      h("label", {}, label(h("span"), "studio.page.sim.other"), other),
      h("label", {}, label(h("span"), "studio.page.sim.seed"), seed),
      start),
    progress, status, results);

  function renderChoices() {
    const chosen = other.value;
    fill(other,
      label(h("option", {value: ""}), "studio.page.sim.parent"),
      (state.session.variants || []).map((name) => h("option", {value: name}, name)));
    other.value = chosen;
    for (const option of bots.options) {
      option.textContent = {
        heuristic: t("studio.page.sim.bot_heuristic"),
        greedy: t("studio.page.sim.bot_greedy"),
        random: t("studio.page.sim.bot_random"),
      }[option.value];
    }
  }

  function showProgress(done, total) {
    progress.hidden = false;
    bar.max = Math.max(total, 1);
    bar.value = Math.min(done, total);
    fill(progressText, t("studio.page.sim.progress", {done, total}));
  }

  async function run() {
    clearTimeout(timer);
    const count = Math.max(1, Math.min(2000, Math.round(Number(games.value) || 200)));
    games.value = String(count);
    lastReport = null;
    fill(results);
    fill(status);
    status.className = "status";
    showProgress(0, count);
    start.disabled = true;
    let answer;
    try {
      answer = await postJSON("/api/simulate", {
        name: state.name, text: state.text, other: other.value || null, games: count,
        bots: bots.value, seed: Math.max(0, Math.round(Number(seed.value) || 0)),
      });
    } catch (error) {
      start.disabled = false;
      progress.hidden = true;
      fill(status, errorText(error));
      status.className = "status error";
      return;
    }
    job = answer.job;
    poll(job);
  }

  async function poll(id) {
    if (id !== job) return;
    let answer;
    try {
      answer = await getJSON(`/api/simulate/${encodeURIComponent(id)}`);
    } catch (error) {
      if (id !== job) return;
      start.disabled = false;
      fill(status, errorText(error));
      status.className = "status error";
      return;
    }
    if (id !== job) return;
    showProgress(answer.done || 0, answer.total || 0);
    if (answer.error) {
      start.disabled = false;
      fill(status, answer.error);
      status.className = "status error";
      return;
    }
    if (answer.finished) {
      start.disabled = false;
      lastReport = answer.report;
      renderReport();
      return;
    }
    timer = setTimeout(() => poll(id), POLL_MS);
  }

  function renderReport() {
    const report = lastReport;
    if (!report) {
      fill(results);
      return;
    }
    const rows = (report.rows || []).map((row, index) => ({row, index}))
      .sort((x, y) => Number(Boolean(y.row.significant)) - Number(Boolean(x.row.significant)) || x.index - y.index)
      .map(({row}) => row);
    const significant = rows.filter((row) => row.significant).length;
    fill(results,
      h("p", {class: "summary"}, t("studio.page.sim.significant_count", {count: significant, total: rows.length})),
      h("table", {class: "sim-table"},
        h("thead", {}, h("tr", {},
          label(h("th"), "studio.page.sim.figure"),
          label(h("th"), "studio.page.sim.this_file"), label(h("th"), "studio.page.sim.against"),
          label(h("th"), "studio.page.sim.change"),
          label(h("th"), "studio.page.sim.interval"),
          label(h("th"), "studio.page.sim.significant"))),
        h("tbody", {}, rows.map((row) => h("tr", {class: row.significant ? "significant" : "", testid: "sim-row"},
          h("td", {}, row.figure ?? row.label ?? row.id ?? ""),
          h("td", {class: "num"}, shown(row.a, row.kind)), h("td", {class: "num"}, shown(row.b, row.kind)),
          h("td", {class: "num"}, shown(row.change ?? row.difference, row.kind, true)),
          h("td", {class: "num"}, row.interval !== undefined ? String(row.interval)
            : row.low !== undefined && row.low !== null ? `[${shown(row.low, row.kind, true)}, ${shown(row.high, row.kind, true)}]` : ""),
          h("td", {class: "mark"}, row.significant ? label(h("span", {class: "badge"}), "studio.page.sim.yes") : ""))))),
      report.text ? h("details", {class: "sim-text", open: true}, label(h("summary"), "studio.page.sim.text"),
        h("pre", {testid: "sim-text"}, report.text)) : null,
      report.plot_html ? h("div", {class: "plot-box"},
        label(h("h3"), "studio.page.sim.plot"),
        sandboxed({class: "plot", testid: "sim-plot", srcdoc: report.plot_html})) : null);
  }

  renderChoices();
  on("session", renderChoices);
  onLanguage(() => {
    renderChoices();
    renderReport();
  });

  return {element};
}
