// 写规则 Write: the files of the folder, the editor, its diagnostics and the effective rules.

import {getJSON, postJSON, putJSON, query} from "./api.js";
import {debounce, h, fill} from "./dom.js";
import {createEditor} from "./editor.js";
import {errorText, label, language, onLanguage, t, unlabel} from "./i18n.js";
import {currentAnalysis, dirty, edited, emit, on, state} from "./state.js";

const VARIANT_NAME = /^[a-z\u3400-\u9fff][a-z0-9\u3400-\u9fff]*(?:-[a-z0-9\u3400-\u9fff]+)*$/;

export function writePanel() {
  let files = [];
  let editor = null;

  // --- the files of the folder, and "New from…" -----------------------------------------
  const fileList = h("ul", {class: "file-list", testid: "files"});
  const parentSelect = h("select", {testid: "new-parent"});
  const newName = label(h("input", {type: "text", testid: "new-name", spellcheck: "false"}),
    "studio.page.new.name_placeholder", undefined, "placeholder");
  const newMessage = h("p", {class: "message", role: "status"});
  const newForm = h("form", {class: "new-from", onsubmit: (event) => { event.preventDefault(); createNew(); }},
    label(h("h3"), "studio.page.new.title"),
    h("label", {}, label(h("span"), "studio.page.new.parent"), parentSelect),
    h("label", {}, label(h("span"), "studio.page.new.name"), newName),
    label(h("button", {type: "submit", testid: "new-create"}), "studio.page.new.create"),
    newMessage);
  const folderLine = h("p", {class: "folder"});
  const filesBox = h("aside", {class: "files"},
    label(h("h2"), "studio.page.files.title"), folderLine, fileList, newForm);

  // --- the editor and its toolbar -----------------------------------------------------------
  const fileName = h("span", {class: "file-name", testid: "file-name"});
  const dirtyMark = label(h("span", {class: "dirty", testid: "dirty", hidden: true}, "●"),
    "studio.page.dirty", undefined, "title");
  const status = h("span", {class: "status", testid: "status", role: "status"});
  const saveButton = label(h("button", {type: "button", testid: "save", class: "primary", onclick: () => save()}),
    "studio.page.save");
  const formatButton = label(h("button", {type: "button", testid: "format", onclick: () => format()}),
    "studio.page.format");
  const fixesButton = label(h("button", {type: "button", testid: "quick-fixes", "aria-haspopup": "menu",
    onclick: () => quickFixes()}), "studio.page.quick_fixes");
  const fixesMenu = h("div", {class: "menu", role: "menu", testid: "quick-fix-menu", hidden: true});
  const toolbar = h("div", {class: "toolbar"},
    h("span", {class: "file"}, fileName, dirtyMark), status,
    h("span", {class: "spacer"}), h("span", {class: "menu-anchor"}, fixesButton, fixesMenu), formatButton, saveButton);
  const editorHost = h("div", {class: "editor-host"});
  const diagnostics = h("ul", {class: "diagnostics", testid: "diagnostics"});
  const noDiagnostics = label(h("p", {class: "empty diagnostics-none", hidden: true}), "studio.page.diagnostics.none");
  const diagnosticsBox = h("div", {class: "diagnostics-box"},
    label(h("h3"), "studio.page.diagnostics.title"), diagnostics, noDiagnostics);
  const middle = h("div", {class: "editor-column"}, toolbar, editorHost, diagnosticsBox);

  // --- the effective rules -------------------------------------------------------------------
  const lineage = h("p", {class: "lineage", testid: "lineage"});
  const filter = label(h("input", {type: "search", testid: "effective-filter", spellcheck: "false",
    oninput: () => renderEffective()}), "studio.page.effective.filter", undefined, "placeholder");
  const effectiveBody = h("tbody");
  const effectiveEmpty = label(h("p", {class: "empty"}), "studio.page.effective.none");
  const effectiveTable = h("table", {class: "effective-table", testid: "effective"},
    h("thead", {}, h("tr", {},
      label(h("th"), "studio.page.effective.section"),
      label(h("th"), "studio.page.effective.rule"),
      label(h("th"), "studio.page.effective.value"),
      label(h("th"), "studio.page.effective.set_in"),
      label(h("th"), "studio.page.effective.line"))),
    effectiveBody);
  const effectiveBox = h("aside", {class: "effective"},
    label(h("h2"), "studio.page.effective.title"), lineage, filter, effectiveEmpty, h("div", {class: "scroll"}, effectiveTable));

  const element = h("section", {class: "panel panel-write", testid: "panel-write"}, filesBox, middle, effectiveBox);

  editor = createEditor(editorHost, {
    name: () => state.name,
    changed(text) {
      state.text = text;
      dirtyMark.hidden = !dirty();
      if (currentAnalysis() === null) fill(status, t("studio.page.status.checking"));
      emit("text", text);
    },
    analysed(answer, text) {
      state.analysis = answer;
      state.analysedText = text;
      renderDiagnostics();
      renderEffective();
      renderStatus();
      emit("analysis", answer);
    },
    failed(error) {
      fill(status, errorText(error));
      status.className = "status error";
    },
    save: () => save(),
    quickFixes: () => quickFixes(),
    format: () => format(),
  });
  editor.view.dom.dataset.testid = "editor";

  // --- files ---------------------------------------------------------------------------------
  async function refreshFiles() {
    try {
      files = (await getJSON("/api/files")).files || [];
    } catch (error) {
      fill(fileList, h("li", {class: "error"}, errorText(error)));
      return;
    }
    renderFiles();
  }

  function renderFiles() {
    fill(folderLine, state.session.folder || "");
    if (!files.length) {
      fill(fileList, label(h("li", {class: "empty"}), "studio.page.files.none"));
      return;
    }
    fill(fileList, files.map((file) => h("li", {class: file.name === state.name ? "current" : ""},
      h("button", {type: "button", class: "link", testid: "file", dataset: {name: file.name},
        onclick: () => openFile(file.name)}, file.name),
      file.variant && file.variant !== file.name.replace(/\.gouji$/, "")
        ? h("span", {class: "variant"}, file.variant) : null)));
  }

  function renderParents() {
    const chosen = parentSelect.value;
    fill(parentSelect, (state.session.variants || []).map((name) => h("option", {value: name}, name)));
    if (chosen) parentSelect.value = chosen;
    else if ((state.session.variants || []).includes("lianzhong")) parentSelect.value = "lianzhong";
  }

  function mayDiscard() {
    return !edited() || window.confirm(t("studio.page.files.discard"));
  }

  async function openFile(name) {
    if (name === state.name && !dirty()) return;
    if (!mayDiscard()) return;
    let answer;
    try {
      answer = await getJSON(`/api/file${query({name})}`);
    } catch (error) {
      showStatus(errorText(error), "error");
      return;
    }
    load(answer.name || name, answer.text, true);
  }

  function load(name, text, saved) {
    state.name = name;
    state.savedText = saved ? text : null;
    state.baseline = text;
    state.analysis = null;
    state.analysedText = null;
    fill(fileName, name);
    renderFiles();
    editor.load(text);
    emit("file", name);
  }

  function createNew() {
    const name = newName.value.trim();
    const parent = parentSelect.value;
    if (!VARIANT_NAME.test(name)) {
      label(newMessage, "studio.page.new.bad_name");
      newMessage.className = "message error";
      return;
    }
    const file = `${name}.gouji`;
    if (files.some((f) => f.name === file)) {
      label(newMessage, "studio.page.new.exists", {name: file});
      newMessage.className = "message error";
      return;
    }
    if (!mayDiscard()) return;
    fill(unlabel(newMessage));
    newName.value = "";
    load(file, `variant ${name} extends ${parent}\n\n`, false);
    editor.view.dispatch({selection: {anchor: editor.view.state.doc.length}});
    editor.view.focus();
  }

  // --- save, format, quick fixes -----------------------------------------------------------------
  async function save() {
    if (state.session.read_only || !state.name) return;
    const text = state.text;
    try {
      await putJSON("/api/file", {name: state.name, text});
    } catch (error) {
      showStatus(errorText(error), "error");
      return;
    }
    state.savedText = text;
    state.baseline = text;
    dirtyMark.hidden = !dirty();
    showStatus(t("studio.page.saved", {name: state.name}), "ok");
    emit("saved", state.name);
    refreshFiles();
  }

  async function format() {
    try {
      const answer = await postJSON("/api/format", {name: state.name, text: state.text});
      if (typeof answer.text === "string") editor.replaceAll(answer.text);
    } catch (error) {
      showStatus(errorText(error), "error");
    }
  }

  async function quickFixes() {
    if (!fixesMenu.hidden) {
      closeMenu();
      return;
    }
    let actions = [];
    try {
      actions = (await postJSON("/api/actions", {name: state.name, text: state.text, ...editor.selection()})).actions || [];
    } catch (error) {
      showStatus(errorText(error), "error");
      return;
    }
    fill(fixesMenu, actions.length
      ? actions.map((action) => h("button", {type: "button", role: "menuitem", class: `menu-item ${action.kind || ""}`,
        testid: "quick-fix", onclick: () => { closeMenu(); editor.applyEdits(action.edits || []); }}, action.title))
      : label(h("p", {class: "empty"}), "studio.page.quick_fixes.none"));
    fixesMenu.hidden = false;
    const first = fixesMenu.querySelector("button");
    if (first) first.focus();
  }

  function closeMenu() {
    fixesMenu.hidden = true;
  }

  document.addEventListener("mousedown", (event) => {
    if (!fixesMenu.hidden && !fixesMenu.contains(event.target) && event.target !== fixesButton) closeMenu();
  });
  fixesMenu.addEventListener("keydown", (event) => {
    if (event.key === "Escape") {
      closeMenu();
      editor.view.focus();
    }
  });

  const clearStatus = debounce(() => renderStatus(), 4000);

  function showStatus(text, kind) {
    fill(status, text);
    status.className = `status ${kind}`;
    clearStatus();
  }

  // --- what the analysis says ------------------------------------------------------------------
  function renderStatus() {
    const analysis = currentAnalysis();
    if (!analysis) {
      fill(status, t("studio.page.status.checking"));
      status.className = "status";
      return;
    }
    const found = analysis.diagnostics || [];
    const errors = found.filter((d) => d.severity !== "warning").length;
    const warnings = found.length - errors;
    if (!found.length) fill(status, t("studio.page.status.ok"));
    else fill(status, t("studio.page.status.counts", {errors, warnings}));
    status.className = `status ${errors ? "error" : warnings ? "warning" : "ok"}`;
  }

  function renderDiagnostics() {
    const analysis = state.analysis;
    const found = (analysis && analysis.diagnostics) || [];
    noDiagnostics.hidden = found.length > 0;
    fill(diagnostics, found.map((d) => h("li", {class: `diagnostic ${d.severity}`, dataset: {code: d.code || ""}},
      h("button", {type: "button", class: "link where", onclick: () => goTo(d.line, d.character)},
        `${d.line + 1}:${d.character + 1} ${d.message}`),
      d.hint ? h("div", {class: "hint"}, d.hint) : null,
      (d.fixes || []).map((fix) => h("button", {type: "button", class: "fix", testid: "fix",
        onclick: () => editor.applyEdits(fix.edits || [])}, fix.title)))));
  }

  function goTo(line, character) {
    const doc = editor.view.state.doc;
    const row = doc.line(Math.min(line + 1, doc.lines));
    const offset = Math.min(row.from + Array.from(row.text).slice(0, character).join("").length, row.to);
    editor.view.dispatch({selection: {anchor: offset}, scrollIntoView: true});
    editor.view.focus();
  }

  function isOwn(rule, analysis) {
    if (!rule.line) return false;
    if (analysis.variant && rule.set_in === analysis.variant) return true;
    const file = String(rule.file || "");
    return Boolean(state.name) && (file === state.name || file.endsWith(`/${state.name}`) ||
      decodeURIComponent(file).endsWith(`/${state.name}`));
  }

  function renderEffective() {
    const analysis = state.analysis;
    const effective = analysis && analysis.effective;
    if (!effective) {
      effectiveEmpty.hidden = false;
      effectiveTable.hidden = true;
      fill(lineage);
      return;
    }
    effectiveEmpty.hidden = true;
    effectiveTable.hidden = false;
    fill(lineage, t("studio.page.effective.lineage", {lineage: (effective.lineage || []).join(" → ")}));
    const words = filter.value.trim().toLowerCase();
    const rows = (effective.rules || []).filter((rule) => !words ||
      [rule.section, rule.rule, rule.value, rule.set_in].some((v) => String(v ?? "").toLowerCase().includes(words)));
    fill(effectiveBody, rows.map((rule) => {
      const own = isOwn(rule, analysis);
      return h("tr", {class: own ? "own" : "", tabindex: own ? "0" : undefined,
        title: own ? t("studio.page.effective.jump") : undefined,
        onclick: own ? () => editor.goToLine(rule.line) : undefined,
        onkeydown: own ? (event) => { if (event.key === "Enter") editor.goToLine(rule.line); } : undefined},
      h("td", {}, rule.section), h("td", {}, rule.rule),
      h("td", {class: "value", title: rule.value}, h("div", {class: "clamp"}, rule.value)),
      h("td", {}, rule.set_in), h("td", {class: "num"}, rule.line ? String(rule.line) : "—"));
    }));
  }

  // --- start ---------------------------------------------------------------------------------------
  async function start() {
    saveButton.hidden = Boolean(state.session.read_only);
    renderParents();
    await refreshFiles();
    const first = state.session.file || (files[0] && files[0].name);
    if (first) {
      await openFile(first);
      if (state.name) return;
    }
    const parent = (state.session.variants || []).includes("lianzhong") ? "lianzhong" : (state.session.variants || [])[0];
    const name = language() === "zh" ? "俱乐部" : "club";
    load(`${name}.gouji`, `variant ${name} extends ${parent || "gouji"}\n\n`, false);
  }

  onLanguage(() => {
    renderDiagnostics();
    renderEffective();
    renderStatus();
  });
  on("session", () => {
    saveButton.hidden = Boolean(state.session.read_only);
    renderParents();
  });
  window.addEventListener("beforeunload", (event) => {
    if (edited()) event.preventDefault();
  });

  return {element, start, focus: () => editor.view.focus(), editor};
}
