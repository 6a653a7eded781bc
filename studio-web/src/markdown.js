// A small, safe Markdown renderer for the language service's hover and completion texts.
// It builds DOM nodes with text nodes only (no HTML is ever parsed): paragraphs, line breaks,
// "- " list items, "> " quotes, **bold**, `code` and backslash escapes. Anything else is
// shown as the text it is.

import {h} from "./dom.js";

const ESCAPABLE = /[!-/:-@[-`{-~]/; // ASCII punctuation, as CommonMark escapes it

/** The Markdown `source` as a <div class="md">. */
export function renderMarkdown(source) {
  const root = h("div", {class: "md"});
  let block = null; // the <p>, <ul> or <blockquote> being filled
  let kind = null;
  const close = () => {
    block = null;
    kind = null;
  };
  for (const line of String(source).replace(/\r\n?/g, "\n").split("\n")) {
    if (!line.trim()) {
      close();
      continue;
    }
    const item = /^\s*[-*] (.*)$/.exec(line);
    const quote = /^\s*> ?(.*)$/.exec(line);
    if (item) {
      if (kind !== "list") {
        block = h("ul");
        kind = "list";
        root.append(block);
      }
      block.append(inline(h("li"), item[1]));
    } else if (quote) {
      if (kind !== "quote") {
        block = h("blockquote");
        kind = "quote";
        root.append(block);
      } else {
        block.append(h("br"));
      }
      inline(block, quote[1]);
    } else {
      if (kind !== "paragraph") {
        block = h("p");
        kind = "paragraph";
        root.append(block);
      } else {
        block.append(h("br"));
      }
      inline(block, line);
    }
  }
  return root;
}

/** Append the inline Markdown `text` to `parent`: **bold**, `code`, backslash escapes. */
export function inline(parent, text) {
  const targets = [parent];
  let buffer = "";
  const flush = () => {
    if (buffer) targets[targets.length - 1].append(document.createTextNode(buffer));
    buffer = "";
  };
  let i = 0;
  while (i < text.length) {
    const c = text[i];
    if (c === "\\" && i + 1 < text.length && ESCAPABLE.test(text[i + 1])) {
      buffer += text[i + 1];
      i += 2;
    } else if (c === "`") {
      const end = text.indexOf("`", i + 1);
      if (end === -1) {
        buffer += c;
        i += 1;
      } else {
        flush();
        targets[targets.length - 1].append(h("code", {}, text.slice(i + 1, end)));
        i = end + 1;
      }
    } else if (text.startsWith("**", i) && (targets.length > 1 || text.indexOf("**", i + 2) !== -1)) {
      flush();
      if (targets.length > 1) {
        targets.pop();
      } else {
        const strong = h("strong");
        parent.append(strong);
        targets.push(strong);
      }
      i += 2;
    } else {
      buffer += c;
      i += 1;
    }
  }
  flush();
  return parent;
}
