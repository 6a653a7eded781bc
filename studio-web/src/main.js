// Gouji Studio: one page, five panels over the file being edited.

import "./studio.css";
import {getJSON, takeToken} from "./api.js";
import {fill, h} from "./dom.js";
import {errorText, initialLanguage, label, language, LANGUAGES, onLanguage, setLanguage, t} from "./i18n.js";
import {emit, state} from "./state.js";
import {writePanel} from "./write.js";
import {comparePanel} from "./compare.js";
import {printPanel} from "./print.js";
import {simulatePanel} from "./simulate.js";
import {playPanel} from "./play.js";

const LANGUAGE_NAMES = {zh: "中文", en: "English"};

async function main() {
  takeToken();
  onLanguage(() => { document.title = t("studio.page.title"); });
  const root = document.getElementById("studio");
  try {
    state.session = await getJSON("/api/session");
    await setLanguage(initialLanguage());
  } catch (error) {
    fill(root, h("p", {class: "fatal", role: "alert"}, errorText(error)));
    return;
  }

  const write = writePanel();
  const panels = {
    write,
    compare: comparePanel(),
    print: printPanel(),
    simulate: simulatePanel(),
    play: playPanel(),
  };
  const tabNames = {
    write: "studio.page.tab.write",
    compare: "studio.page.tab.compare",
    print: "studio.page.tab.print",
    simulate: "studio.page.tab.simulate",
    play: "studio.page.tab.play",
  };

  const tabs = h("nav", {class: "tabs", role: "tablist"}, Object.keys(panels).map((name) =>
    label(h("button", {type: "button", role: "tab", id: `tab-${name}`, testid: `tab-${name}`,
      "aria-controls": `panel-${name}`, onclick: () => show(name)}), tabNames[name])));

  const switcher = h("select", {testid: "lang-switch", onchange: async () => {
    const wanted = switcher.value;
    try {
      await setLanguage(wanted);
    } catch (error) {
      switcher.value = language();
    }
  }}, LANGUAGES.map((lang) => h("option", {value: lang}, LANGUAGE_NAMES[lang])));
  switcher.value = language();
  label(switcher, "studio.page.language", undefined, "aria-label");

  const header = h("header", {class: "top"},
    h("h1", {}, label(h("span"), "studio.page.title")),
    tabs,
    h("span", {class: "spacer"}),
    state.session.read_only ? label(h("span", {class: "badge read-only", testid: "read-only"}), "studio.page.read_only") : null,
    h("label", {class: "lang"}, label(h("span"), "studio.page.language"), switcher));

  const main = h("main", {}, Object.entries(panels).map(([name, panel]) => {
    panel.element.id = `panel-${name}`;
    panel.element.setAttribute("role", "tabpanel");
    panel.element.setAttribute("aria-labelledby", `tab-${name}`);
    return panel.element;
  }));
  fill(root, header, main);

  let current = null;
  function show(name) {
    if (current === name) return;
    if (current && panels[current].hidden) panels[current].hidden();
    current = name;
    for (const [other, panel] of Object.entries(panels)) {
      panel.element.hidden = other !== name;
      const tab = tabs.querySelector(`#tab-${other}`);
      tab.setAttribute("aria-selected", String(other === name));
      tab.classList.toggle("active", other === name);
    }
    if (panels[name].shown) panels[name].shown();
  }

  show("write");
  emit("session", state.session);
  await write.start();
  write.focus();
}

main();
