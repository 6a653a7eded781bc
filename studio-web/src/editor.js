// The editor: CodeMirror 6 with the rule language, and the language service behind it
// (POST /api/analyse for diagnostics and fixes, /api/hover, /api/complete, /api/actions).
// Positions on the wire are 0-based lines and characters counted in code points;
// CodeMirror counts UTF-16 units: toOffset and toPosition convert.

import {basicSetup} from "codemirror";
import {EditorState} from "@codemirror/state";
import {EditorView, hoverTooltip, keymap} from "@codemirror/view";
import {autocompletion} from "@codemirror/autocomplete";
import {linter, lintGutter} from "@codemirror/lint";
import {indentWithTab} from "@codemirror/commands";
import {postJSON} from "./api.js";
import {h} from "./dom.js";
import {renderMarkdown} from "./markdown.js";
import {goujiHighlight, goujiLanguage} from "./language.js";

/** The offset in `doc` of (line, character), character counted in code points; clamped to the doc. */
export function toOffset(doc, line, character) {
  if (line < 0) return 0;
  if (line >= doc.lines) return doc.length;
  const row = doc.line(line + 1);
  let offset = 0;
  for (let seen = 0; seen < character && offset < row.text.length; seen += 1) {
    offset += row.text.codePointAt(offset) > 0xffff ? 2 : 1;
  }
  return row.from + offset;
}

/** The (line, character) of an offset, character counted in code points. */
export function toPosition(doc, offset) {
  const row = doc.lineAt(offset);
  return {line: row.number - 1, character: Array.from(row.text.slice(0, offset - row.from)).length};
}

/** Carry out a fix's or an action's edits (positions of the document as it is). */
export function applyEdits(view, edits) {
  const doc = view.state.doc;
  const changes = edits
    .map((edit) => ({
      from: toOffset(doc, edit.line, edit.character),
      to: toOffset(doc, edit.end_line, edit.end_character),
      insert: edit.text,
    }))
    .sort((a, b) => a.from - b.from || a.to - b.to);
  view.dispatch({changes, userEvent: "input.fix", scrollIntoView: true});
  view.focus();
}

const COMPLETION_TYPES = {
  section: "namespace",
  rule: "property",
  value: "enum",
  variant: "class",
  column: "property",
  citation: "keyword",
};

/**
 * A CodeMirror editor in `parent`. `host` gives what the editor needs from the page:
 *   name()                      the file's name, sent with every request
 *   analysed(answer, text)      a new analysis of `text` (the diagnostics list, the effective rules)
 *   failed(error)               /api/analyse failed
 *   changed(text)               the text changed
 *   save(), quickFixes(), format()  the keys Mod-s, Mod-. and Shift-Alt-f
 */
export function createEditor(parent, host) {
  const view = new EditorView({parent});
  const extensions = () => [
    keymap.of([
      {key: "Mod-s", preventDefault: true, run: () => { host.save(); return true; }},
      {key: "Mod-.", preventDefault: true, run: () => { host.quickFixes(); return true; }},
      {key: "Shift-Alt-f", preventDefault: true, run: () => { host.format(); return true; }},
      indentWithTab,
    ]),
    basicSetup,
    goujiLanguage,
    goujiHighlight,
    EditorView.lineWrapping,
    lintGutter(),
    linter(lint, {delay: 150}),
    hoverTooltip(hover, {hoverTime: 300}),
    autocompletion({override: [complete], icons: true}),
    EditorView.updateListener.of((update) => {
      if (update.docChanged) host.changed(update.state.doc.toString());
    }),
  ];

  async function lint(editor) {
    const doc = editor.state.doc;
    const text = doc.toString();
    let answer;
    try {
      answer = await postJSON("/api/analyse", {name: host.name(), text});
    } catch (error) {
      if (editor.state.doc === doc) host.failed(error);
      return [];
    }
    if (editor.state.doc !== doc) return []; // a newer text is being analysed
    host.analysed(answer, text);
    return (answer.diagnostics || []).map((d) => ({
      from: toOffset(doc, d.line, d.character),
      to: toOffset(doc, d.end_line, d.end_character),
      severity: d.severity === "warning" ? "warning" : "error",
      source: d.code,
      message: d.hint ? `${d.message}\n${d.hint}` : d.message,
      renderMessage: () => h("div", {class: "lint-message"},
        h("div", {}, d.message),
        d.hint ? h("div", {class: "lint-hint"}, d.hint) : null),
      actions: (d.fixes || []).map((fix) => ({
        name: fix.title,
        apply: (target) => applyEdits(target, fix.edits || []),
      })),
    }));
  }

  async function hover(editor, pos) {
    const {line, character} = toPosition(editor.state.doc, pos);
    let answer;
    try {
      answer = await postJSON("/api/hover", {name: host.name(), text: editor.state.doc.toString(), line, character});
    } catch (error) {
      return null;
    }
    if (!answer || typeof answer.markdown !== "string" || !answer.markdown) return null;
    return {
      pos,
      above: true,
      create: () => ({dom: h("div", {class: "hover"}, renderMarkdown(answer.markdown))}),
    };
  }

  async function complete(context) {
    const word = context.matchBefore(/[@A-Za-z0-9_\u3400-\u9fff:-]*/);
    const before = context.state.sliceDoc(Math.max(0, word.from - 1), word.from);
    if (!context.explicit && word.from === word.to && !/[ =[|@]/.test(before)) return null;
    const {line, character} = toPosition(context.state.doc, context.pos);
    let answer;
    try {
      answer = await postJSON("/api/complete",
        {name: host.name(), text: context.state.doc.toString(), line, character});
    } catch (error) {
      return null;
    }
    const items = (answer && answer.items) || [];
    if (!items.length) return null;
    return {
      from: word.from,
      options: items.map((item) => ({
        label: item.label,
        detail: item.detail || undefined,
        info: item.documentation ? () => renderMarkdown(item.documentation) : undefined,
        apply: item.insert_text || item.label,
        type: COMPLETION_TYPES[item.kind] || "text",
      })),
    };
  }

  return {
    view,
    /** Show `text` (a file opened): a new state, its own undo history. */
    load(text) {
      view.setState(EditorState.create({doc: text, extensions: extensions()}));
      host.changed(text);
    },
    text: () => view.state.doc.toString(),
    /** The selection as wire positions. */
    selection() {
      const {from, to} = view.state.selection.main;
      const start = toPosition(view.state.doc, from);
      const end = toPosition(view.state.doc, to);
      return {line: start.line, character: start.character, end_line: end.line, end_character: end.character};
    },
    /** Put the cursor at the start of `line` (1-based) and show it. */
    goToLine(line) {
      const doc = view.state.doc;
      const row = doc.line(Math.min(Math.max(1, line), doc.lines));
      view.dispatch({selection: {anchor: row.from, head: row.to}, scrollIntoView: true});
      view.focus();
    },
    /** Replace the whole text (formatting), as one undoable change. */
    replaceAll(text) {
      if (text === view.state.doc.toString()) return;
      view.dispatch({changes: {from: 0, to: view.state.doc.length, insert: text}, userEvent: "input.format"});
    },
    applyEdits: (edits) => applyEdits(view, edits),
    /** Where on the screen the cursor is (for a menu), or null. */
    cursorCoords: () => view.coordsAtPos(view.state.selection.main.head),
  };
}
