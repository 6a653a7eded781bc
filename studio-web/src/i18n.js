// The page's words: every string it shows comes from the catalogue
// (gouji_dsl/messages/catalogue/studio.py), fetched from GET /api/messages?lang=zh|en.
// Keys are written out whole in the sources, t("studio.page.save"), so that
// tests/test_studio_assets.py can check them against the catalogue.

import {getJSON, query, setRequestLanguage} from "./api.js";

const STORED = "gouji-studio.lang";
export const LANGUAGES = ["zh", "en"];

let messages = {};
let current = "zh";
const listeners = [];

/** The language to start in: the one chosen last time, else the browser's (zh* -> zh, else en). */
export function initialLanguage() {
  let stored = null;
  try {
    stored = localStorage.getItem(STORED);
  } catch (error) {
    stored = null;
  }
  if (LANGUAGES.includes(stored)) return stored;
  return (navigator.language || "").toLowerCase().startsWith("zh") ? "zh" : "en";
}

export function language() {
  return current;
}

/** Load the catalogue in `lang`, remember the choice, and put the page into words again. */
export async function setLanguage(lang) {
  const loaded = await getJSON(`/api/messages${query({lang})}`);
  messages = loaded;
  current = lang;
  setRequestLanguage(lang);
  try {
    localStorage.setItem(STORED, lang);
  } catch (error) {
    // private mode: the choice is not remembered
  }
  document.documentElement.lang = lang === "zh" ? "zh-CN" : "en";
  relabel(document);
  for (const listener of listeners) listener(lang);
}

/** Call `listener(lang)` after every change of language. */
export function onLanguage(listener) {
  listeners.push(listener);
}

/** The catalogue's text for `key`, its {placeholders} filled from `values`. */
export function t(key, values = {}) {
  const template = messages[key];
  if (typeof template !== "string") return key;
  return template.replace(/\{(\w+)\}/g, (whole, name) => (name in values ? String(values[name]) : whole));
}

/**
 * Give `element` the text of `key` (kept up to date when the language changes). `where` is
 * "text" (its text), or an attribute to set: "title", "placeholder", "aria-label".
 */
export function label(element, key, values = undefined, where = "text") {
  const slot = where === "text" ? "i18n" : `i18n${where.replace(/(^|-)(\w)/g, (m, dash, c) => c.toUpperCase())}`;
  element.dataset[slot] = key;
  if (values !== undefined) element.dataset[`${slot}Values`] = JSON.stringify(values);
  else delete element.dataset[`${slot}Values`];
  apply(element, slot, where);
  return element;
}

const SLOTS = [["i18n", "text"], ["i18nTitle", "title"], ["i18nPlaceholder", "placeholder"], ["i18nAriaLabel", "aria-label"]];

function apply(element, slot, where) {
  const key = element.dataset[slot];
  const raw = element.dataset[`${slot}Values`];
  const text = t(key, raw ? JSON.parse(raw) : {});
  if (where === "text") element.textContent = text;
  else element.setAttribute(where, text);
}

function relabel(root) {
  for (const [slot, where] of SLOTS) {
    const attribute = `data-${slot.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}`;
    for (const element of root.querySelectorAll(`[${attribute}]`)) apply(element, slot, where);
  }
}

/** What to tell the reader about a failed request (api.js ApiError, or anything thrown). */
export function errorText(error) {
  if (error && error.status === 0) return t("studio.page.error.network");
  if (error && error.message) return error.message;
  if (error && error.status) return t("studio.page.error.http", {status: error.status});
  return t("studio.page.error.unknown");
}

/** Take `element`'s text out of the catalogue's care (it shows something else now). */
export function unlabel(element) {
  delete element.dataset.i18n;
  delete element.dataset.i18nValues;
  return element;
}
