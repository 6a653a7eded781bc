// The rule language's colours in CodeMirror: a StreamLanguage tokenizer that follows the
// Pygments lexer of the rulebooks (gouji_dsl/lang/lexer.py) and the VS Code grammar
// (editors/vscode/syntaxes/gouji.tmLanguage.json): `#` comments, the header
// (abstract variant NAME extends NAME), `[section]` lines, `key =` / `+=` / `-=`,
// citations (@000:L15, @D12), strings, numbers, constants, names (ASCII or Chinese), `|`.

import {HighlightStyle, StreamLanguage, syntaxHighlighting} from "@codemirror/language";
import {tags} from "@lezer/highlight";

const NAME = "[A-Za-z_\\u3400-\\u9fff][A-Za-z0-9_\\u3400-\\u9fff]*";
const VNAME = "[a-z\\u3400-\\u9fff][a-z0-9\\u3400-\\u9fff]*(?:-[a-z0-9\\u3400-\\u9fff]+)*";
const SECTION = new RegExp(`^\\[[ \\t]*${NAME}[ \\t]*\\](?=[ \\t]*(?:#.*)?$)`);
const KEY = new RegExp(`^${NAME}(?=[ \\t]*(?:\\+=|-=|=(?!=)))`);
const CALL = new RegExp(`^${NAME}(?=[ \\t]*\\()`);
const NAME_AT = new RegExp(`^${NAME}`);
const VARIANT = new RegExp(`^${VNAME}`);
const CONSTANT = /^(?:yes|no|true|false|none|是|否|有|无)(?![A-Za-z0-9_\u3400-\u9fff])/;
const CITATION = /^@[A-Za-z0-9]+(?::L[0-9]+(?:-[0-9]+)?)?/;

function atLineStart(stream) {
  return stream.string.slice(0, stream.pos).trim() === "";
}

function string(stream, state) {
  while (!stream.eol()) {
    const c = stream.next();
    if (c === "\\" && !stream.eol()) stream.next();
    else if (c === '"') {
      state.inString = false;
      return "string";
    }
  }
  state.inString = false; // an unterminated string ends at the line's end
  return "string";
}

export const goujiLanguage = StreamLanguage.define({
  name: "gouji",
  startState: () => ({inString: false, variantNext: false}),
  copyState: (state) => ({...state}),
  token(stream, state) {
    if (stream.sol()) state.variantNext = false;
    if (state.inString) return string(stream, state);
    if (stream.eatSpace()) return null;
    if (stream.match(/^#.*/)) return "comment";
    if (state.variantNext) {
      state.variantNext = false;
      if (stream.match(VARIANT)) return "className";
    }
    if (stream.match(/^(?:abstract|variant|extends)(?![A-Za-z0-9_\u3400-\u9fff-])/)) {
      state.variantNext = stream.current() !== "abstract";
      return "keyword";
    }
    if (atLineStart(stream)) {
      if (stream.match(SECTION)) return "heading";
      if (stream.match(KEY)) return "propertyName";
    }
    if (stream.match(/^(?:\+=|-=)/)) return "definitionOperator";
    if (stream.match(CITATION)) return "annotation";
    if (stream.peek() === '"') {
      stream.next();
      state.inString = true;
      return string(stream, state);
    }
    if (stream.match("..")) return "operator";
    if (stream.match(/^(?:<=|>=|==|!=|<|>)/)) return "compareOperator";
    if (stream.match(/^[+\-*/]/)) return "arithmeticOperator";
    if (stream.match(/^(?:and|or|not)\b/)) return "operatorKeyword";
    if (stream.match(CONSTANT)) return "bool";
    if (stream.match(CALL)) return "function(variableName)";
    if (stream.match(/^[0-9]+/)) return "number";
    if (stream.match(NAME_AT)) return "variableName";
    if (stream.match("|")) return "separator";
    if (stream.match(/^[[\]]/)) return "squareBracket";
    if (stream.match(/^[()]/)) return "paren";
    if (stream.match(",")) return "separator";
    if (stream.match("=")) return "definitionOperator";
    stream.next();
    return null;
  },
  languageData: {commentTokens: {line: "#"}},
});

export const goujiHighlight = syntaxHighlighting(HighlightStyle.define([
  {tag: tags.comment, color: "#6a737d", fontStyle: "italic"},
  {tag: tags.heading, color: "#005cc5", fontWeight: "bold"},
  {tag: tags.keyword, color: "#a626a4", fontWeight: "bold"},
  {tag: tags.className, color: "#0b7a75", fontWeight: "bold"},
  {tag: tags.propertyName, color: "#1f4e9c"},
  {tag: tags.string, color: "#22863a"},
  {tag: tags.number, color: "#b45309"},
  {tag: tags.bool, color: "#b45309", fontWeight: "bold"},
  {tag: tags.annotation, color: "#8b5cf6"},
  {tag: tags.function(tags.variableName), color: "#6f42c1"},
  {tag: [tags.operator, tags.compareOperator, tags.arithmeticOperator, tags.definitionOperator, tags.operatorKeyword],
    color: "#d73a49"},
  {tag: tags.separator, color: "#d73a49"},
]));
