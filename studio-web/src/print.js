// 打印 Print: the handout, the reference or the house-rule sheet of the file being edited,
// previewed in a sandboxed iframe (refreshed about 500 ms after the text changes, when it has
// no errors), and as a PDF to download.

import {postBlob, postText} from "./api.js";
import {debounce, download, fill, h, sandboxed} from "./dom.js";
import {errorText, label, language, onLanguage, t} from "./i18n.js";
import {currentAnalysis, on, state} from "./state.js";

const KINDS = ["handout", "reference", "changes"];

export function printPanel() {
  let visible = false;
  let asked = 0;
  let previewed = null; // what the preview shows: kind, language and text

  const kind = h("select", {testid: "print-kind", onchange: () => refresh()},
    KINDS.map((value) => h("option", {value})));
  const kindLabels = {
    handout: () => t("studio.page.print.handout"),
    reference: () => t("studio.page.print.reference"),
    changes: () => t("studio.page.print.changes"),
  };
  const bookLanguage = h("select", {testid: "print-lang", onchange: () => refresh()},
    h("option", {value: "zh"}, "中文"), h("option", {value: "en"}, "English"));
  bookLanguage.value = language();
  const pdf = label(h("button", {type: "button", testid: "pdf-download", onclick: () => downloadPdf()}),
    "studio.page.print.pdf");
  const status = h("span", {class: "status", role: "status", testid: "print-status"});
  const preview = sandboxed({class: "preview", testid: "print-preview"});
  label(preview, "studio.page.print.preview", undefined, "title");

  const element = h("section", {class: "panel panel-print", testid: "panel-print"},
    h("div", {class: "controls"},
      h("label", {}, label(h("span"), "studio.page.print.kind"), kind),
      h("label", {}, label(h("span"), "studio.page.print.language"), bookLanguage),
      pdf, status),
    preview);

  function renderKinds() {
    for (const option of kind.options) option.textContent = kindLabels[option.value]();
  }

  function body() {
    return {name: state.name, text: state.text, kind: kind.value, lang: bookLanguage.value};
  }

  async function refresh() {
    if (!visible || !state.name) return;
    const analysis = currentAnalysis();
    if (!analysis) return; // the analysis of this text is on its way: it calls again
    if (!analysis.ok) {
      fill(status, t("studio.page.print.not_ok"));
      status.className = "status warning";
      return;
    }
    const wanted = JSON.stringify(body());
    if (wanted === previewed) return;
    const number = ++asked;
    fill(status, t("studio.page.print.loading"));
    status.className = "status";
    let html;
    try {
      html = await postText("/api/book", body());
    } catch (error) {
      if (number !== asked) return;
      fill(status, errorText(error));
      status.className = "status error";
      return;
    }
    if (number !== asked) return;
    previewed = wanted;
    preview.srcdoc = html;
    fill(status);
  }

  const later = debounce(refresh, 500);

  async function downloadPdf() {
    pdf.disabled = true;
    fill(status, t("studio.page.print.pdf_making"));
    status.className = "status";
    try {
      const blob = await postBlob("/api/book.pdf", body());
      const stem = (state.name || "gouji").replace(/\.gouji$/, "");
      download(blob, `${stem}.${kind.value}.${bookLanguage.value}.pdf`);
      fill(status, t("studio.page.print.pdf_done"));
      status.className = "status ok";
    } catch (error) {
      fill(status, errorText(error));
      status.className = "status error";
    } finally {
      pdf.disabled = false;
    }
  }

  renderKinds();
  onLanguage(renderKinds);
  on("text", () => later());
  on("analysis", () => { if (!later.pending()) refresh(); });
  on("file", () => {
    previewed = null;
    preview.srcdoc = "";
  });

  return {
    element,
    shown() {
      visible = true;
      refresh();
    },
    hidden() {
      visible = false;
    },
  };
}
