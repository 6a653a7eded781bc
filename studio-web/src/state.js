// What the panels share: the session, the file being edited and its latest analysis.
// Panels listen with on("text" | "analysis" | "file" | "saved", f).

export const state = {
  session: {lang: "zh", read_only: false, folder: "", file: null, variants: []},
  name: null, // the file's name in the folder ("俱乐部.gouji")
  text: "", // the editor's text now
  savedText: null, // the text as last opened or saved (null: never saved)
  baseline: "", // the text as last opened, saved or created: edits after it would be lost
  analysis: null, // POST /api/analyse's answer for analysedText
  analysedText: null,
};

const listeners = new Map();

export function on(event, listener) {
  if (!listeners.has(event)) listeners.set(event, []);
  listeners.get(event).push(listener);
}

export function emit(event, ...args) {
  for (const listener of listeners.get(event) || []) listener(...args);
}

/** Is the editor's text unlike the file on disk? */
export function dirty() {
  return state.savedText === null || state.text !== state.savedText;
}

/** Has the text been edited since it was opened, saved or created? */
export function edited() {
  return state.text !== state.baseline;
}

/** The analysis of the text as it is now, or null if it has not arrived yet. */
export function currentAnalysis() {
  return state.analysedText === state.text ? state.analysis : null;
}

/** The body the panels send for the file being edited. */
export function fileBody() {
  return {name: state.name, text: state.text};
}
