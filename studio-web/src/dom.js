// Building the page's DOM: elements are made with h() and filled with text nodes only.
// Nothing the server sends is ever parsed as HTML here (the book previews go into sandboxed
// iframes through srcdoc, see print.js and compare.js).

/**
 * h("button", {class: "x", testid: "save", onclick: f, title: "..."}, "text", child, ...)
 * Attributes: `class`, `testid` (data-testid), `dataset` (an object), `style` (an object),
 * `on<event>` (a listener), anything else through setAttribute (false/null/undefined: left out).
 * Children: strings (text nodes), nodes, arrays of them, null/undefined/false (skipped).
 */
export function h(tag, attributes = {}, ...children) {
  const element = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes || {})) {
    if (value === undefined || value === null || value === false) continue;
    if (name === "class") element.className = value;
    else if (name === "testid") element.dataset.testid = value;
    else if (name === "dataset") Object.assign(element.dataset, value);
    else if (name === "style") Object.assign(element.style, value);
    else if (name.startsWith("on") && typeof value === "function") element.addEventListener(name.slice(2), value);
    else if (name === "value") element.value = value;
    else element.setAttribute(name, value === true ? "" : String(value));
  }
  append(element, children);
  return element;
}

/** Append children (strings become text nodes). */
export function append(element, children) {
  for (const child of [children].flat(Infinity)) {
    if (child === undefined || child === null || child === false) continue;
    element.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return element;
}

/** Replace every child of `element`. */
export function fill(element, ...children) {
  element.replaceChildren();
  return append(element, children);
}

/** A sandboxed iframe showing an HTML document the server made (no scripts, no same origin). */
export function sandboxed(attributes = {}) {
  const frame = h("iframe", {sandbox: "", referrerpolicy: "no-referrer", ...attributes});
  return frame;
}

/** Offer `blob` as a download named `filename` (a link clicked once; the URL is freed later). */
export function download(blob, filename) {
  const url = URL.createObjectURL(blob);
  const link = h("a", {href: url, download: filename, style: {display: "none"}});
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/** `f` called at most once per `ms`, `ms` after the last call. */
export function debounce(f, ms) {
  let timer = null;
  const debounced = (...args) => {
    clearTimeout(timer);
    timer = setTimeout(() => { timer = null; f(...args); }, ms);
  };
  debounced.cancel = () => { clearTimeout(timer); timer = null; };
  debounced.pending = () => timer !== null;
  return debounced;
}
