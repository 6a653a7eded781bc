// The server's API (gouji_dsl/studio/app.py): JSON in, JSON out, every request with the token.
//
// The page is opened as /?token=T. The token is read from the address once, kept in this
// module only, and removed from the address bar; every request carries it in X-Gouji-Token
// (the server also set it as an HttpOnly cookie).

let token = null;
let language = "zh";

/** Read the token from location.search and take it out of the address bar. */
export function takeToken() {
  const params = new URLSearchParams(location.search);
  if (params.has("token")) {
    token = params.get("token");
    params.delete("token");
    const query = params.toString();
    history.replaceState(history.state, "", location.pathname + (query ? `?${query}` : "") + location.hash);
  }
}

/** The page's language, sent as "lang" with every POST. */
export function setRequestLanguage(lang) {
  language = lang;
}

/** A refusal or failure: `message` is the server's `error` (in the page's language) when it sent one. */
export class ApiError extends Error {
  constructor(message, status, data) {
    super(message);
    this.status = status; // 0: the server could not be reached
    this.data = data; // the parsed JSON body of the answer, or null
  }
}

async function request(method, path, body) {
  const headers = {Accept: "application/json"};
  if (token !== null) headers["X-Gouji-Token"] = token;
  headers["X-Gouji-Lang"] = language; // the language of the server's refusals
  const init = {method, headers, credentials: "same-origin", cache: "no-store"};
  if (body !== undefined) {
    headers["Content-Type"] = "application/json";
    init.body = JSON.stringify({lang: language, ...body});
  }
  let response;
  try {
    response = await fetch(path, init);
  } catch (error) {
    throw new ApiError("", 0, null);
  }
  if (!response.ok) {
    let data = null;
    try {
      data = await response.json();
    } catch (error) {
      data = null;
    }
    const message = data && typeof data.error === "string" ? data.error : "";
    throw new ApiError(message, response.status, data);
  }
  return response;
}

export async function getJSON(path) {
  return (await request("GET", path)).json();
}

export async function postJSON(path, body = {}) {
  return (await request("POST", path, body)).json();
}

export async function putJSON(path, body = {}) {
  return (await request("PUT", path, body)).json();
}

/** POST, answered with text (the books: an HTML document). */
export async function postText(path, body = {}) {
  return (await request("POST", path, body)).text();
}

/** POST, answered with a file (the PDF). */
export async function postBlob(path, body = {}) {
  return (await request("POST", path, body)).blob();
}

/** A query string from an object: query({name: "俱乐部.gouji"}) -> "?name=%E4..." */
export function query(values) {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(values)) {
    if (value !== undefined && value !== null) params.set(name, String(value));
  }
  const text = params.toString();
  return text ? `?${text}` : "";
}
