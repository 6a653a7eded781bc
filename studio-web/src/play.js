// 对局 Play: a game at the table against bots, under the file being edited or a standard
// variant; saving the game as JSON, and replaying a saved game step by step.

import {ApiError, getJSON, postJSON, query} from "./api.js";
import {debounce, download, fill, h} from "./dom.js";
import {errorText, label, onLanguage, t} from "./i18n.js";
import {on, state} from "./state.js";

const HIGHLIGHTED = new Set(["burn", "open", "tribute", "out"]);

export function playPanel() {
  let view = null; // the view shown (the contract's "view")
  let replaying = false; // a replayed game: the slider walks it, no actions
  let selected = new Set(); // indices into view.hand
  let busy = false;

  // --- controls -------------------------------------------------------------------------------
  const variant = h("select", {testid: "play-variant"});
  const seed = h("input", {type: "number", min: "0", step: "1", value: "1", testid: "play-seed"});
  const newGame = label(h("button", {type: "button", class: "primary", testid: "play-new", onclick: () => start()}),
    "studio.page.play.new");
  const saveGame = label(h("button", {type: "button", testid: "play-save", disabled: true, onclick: () => save()}),
    "studio.page.play.save");
  const replayFile = h("input", {type: "file", accept: ".json,application/json", hidden: true, testid: "play-replay-file",
    onchange: () => replay()});
  const replayButton = label(h("button", {type: "button", testid: "play-replay", onclick: () => replayFile.click()}),
    "studio.page.play.replay");
  const stepRange = h("input", {type: "range", min: "0", max: "0", value: "0", testid: "play-step",
    oninput: () => { showStep(); stepLater(); }});
  const stepText = h("span", {class: "step-text"});
  const stepBox = h("div", {class: "step-box", hidden: true}, label(h("span"), "studio.page.play.step_label"),
    stepRange, stepText);
  const message = h("p", {class: "message", role: "status", "aria-live": "polite", testid: "play-message"});

  // --- the table -------------------------------------------------------------------------------
  const seats = h("div", {class: "seats"});
  const centre = h("div", {class: "centre", testid: "table-play"});
  const table = h("div", {class: "card-table", testid: "table"}, seats, centre);
  const hand = h("div", {class: "hand", testid: "hand", role: "group"});
  const playButton = label(h("button", {type: "button", class: "primary", testid: "play-selected",
    onclick: () => playSelection()}), "studio.page.play.play");
  const passButton = label(h("button", {type: "button", testid: "pass", onclick: () => act("pass")}),
    "studio.page.play.pass");
  const clearButton = label(h("button", {type: "button", testid: "clear-selection",
    onclick: () => { selected = new Set(); renderHand(); renderButtons(); }}), "studio.page.play.clear");
  const others = h("span", {class: "other-actions"});
  const actions = h("div", {class: "actions"}, playButton, passButton, clearButton, others);
  const events = h("ol", {class: "events", testid: "events"});
  const scores = h("div", {class: "scores", testid: "scores", hidden: true});
  const info = h("p", {class: "game-info", testid: "game-info"});
  const empty = label(h("p", {class: "empty"}), "studio.page.play.empty");

  const element = h("section", {class: "panel panel-play", testid: "panel-play"},
    h("div", {class: "controls"},
      h("label", {}, label(h("span"), "studio.page.play.variant"), variant),
      h("label", {}, label(h("span"), "studio.page.play.seed"), seed),
      newGame, saveGame, replayButton, replayFile, stepBox),
    message,
    h("div", {class: "play-area"},
      h("div", {class: "play-main"}, empty, info, table, hand, actions, scores),
      h("div", {class: "play-side"}, label(h("h3"), "studio.page.play.events"), events)));

  function renderChoices() {
    const chosen = variant.value;
    fill(variant,
      label(h("option", {value: ""}), "studio.page.play.this_file"),
      (state.session.variants || []).map((name) => h("option", {value: name}, name)));
    variant.value = chosen;
  }

  // --- talking to the table ----------------------------------------------------------------------
  function say(text, kind = "") {
    fill(message, text || "");
    message.className = `message ${kind}`;
  }

  async function start() {
    if (busy) return;
    busy = true;
    say(t("studio.page.play.starting"));
    const body = {seat: 1, bots: "heuristic", seed: Math.max(0, Math.round(Number(seed.value) || 0))};
    if (variant.value) body.variant = variant.value;
    else Object.assign(body, {name: state.name, text: state.text});
    try {
      const answer = await postJSON("/api/play", body);
      replaying = false;
      stepBox.hidden = true;
      show(answer);
      say("");
    } catch (error) {
      say(errorText(error), "error");
    } finally {
      busy = false;
      renderButtons();
    }
  }

  async function act(action) {
    if (!view || busy || replaying) return;
    busy = true;
    renderButtons();
    try {
      const answer = await postJSON(`/api/play/${encodeURIComponent(view.id)}/act`, {action});
      show(answer);
      say("");
    } catch (error) {
      if (error instanceof ApiError && error.data && error.data.view) show(error.data.view, true);
      say(errorText(error), "error");
    } finally {
      busy = false;
      renderButtons();
    }
  }

  /** The legal action whose cards are the selection (as a multiset), else "play <cards>". */
  function playSelection() {
    if (!view) return;
    const cards = [...selected].sort((a, b) => a - b).map((i) => view.hand[i]);
    const key = [...cards].sort().join(" ");
    const legal = view.legal || [];
    const same = (a) => [...(a.cards || [])].sort().join(" ") === key && (a.cards || []).length === cards.length;
    const found = legal.find((a) => a.kind === "play" && same(a)) || legal.find((a) => a.kind !== "pass" && same(a));
    act(found ? found.action : `play ${cards.join(" ")}`);
  }

  async function save() {
    if (!view) return;
    try {
      const history = await getJSON(`/api/play/${encodeURIComponent(view.id)}/history`);
      const blob = new Blob([JSON.stringify(history, null, 2)], {type: "application/json"});
      download(blob, `${view.variant || "gouji"}-${seed.value || 0}.json`);
    } catch (error) {
      say(errorText(error), "error");
    }
  }

  async function replay() {
    const file = replayFile.files && replayFile.files[0];
    replayFile.value = "";
    if (!file) return;
    let history;
    try {
      history = JSON.parse(await file.text());
    } catch (error) {
      say(t("studio.page.play.bad_file"), "error");
      return;
    }
    try {
      const {id} = await postJSON("/api/replay", {history});
      const answer = await getJSON(`/api/play/${encodeURIComponent(id)}`);
      replaying = true;
      stepRange.max = String(answer.steps || 0);
      stepRange.value = String(answer.step ?? answer.steps ?? 0);
      stepBox.hidden = false;
      showStep();
      show(answer);
      say(t("studio.page.play.replaying", {steps: answer.steps || 0}));
    } catch (error) {
      say(errorText(error), "error");
    }
  }

  function showStep() {
    fill(stepText, t("studio.page.play.step", {step: stepRange.value, steps: stepRange.max}));
  }

  const stepLater = debounce(async () => {
    if (!view || !replaying) return;
    const step = Number(stepRange.value);
    try {
      const answer = await getJSON(`/api/play/${encodeURIComponent(view.id)}${query({step})}`);
      if (Number(stepRange.value) === step) show(answer);
    } catch (error) {
      say(errorText(error), "error");
    }
  }, 120);

  // --- drawing the view -----------------------------------------------------------------------------
  function show(next, keepSelection = false) {
    const sameHand = view && next && view.id === next.id && JSON.stringify(view.hand) === JSON.stringify(next.hand);
    view = next;
    if (!(keepSelection && sameHand)) selected = new Set();
    render();
  }

  function seatName(seat) {
    const names = (view && view.names) || {};
    return names[String(seat)] || t("studio.page.play.seat", {seat});
  }

  function teamOf(seat) {
    const teams = (view && view.teams) || [];
    return teams.findIndex((team) => team.map(Number).includes(Number(seat)));
  }

  function placeName(place) {
    const six = {
      1: t("studio.page.place.gouji_1"), 2: t("studio.page.place.gouji_2"), 3: t("studio.page.place.gouji_3"),
      4: t("studio.page.place.gouji_4"), 5: t("studio.page.place.gouji_5"), 6: t("studio.page.place.gouji_6"),
    };
    const four = {
      1: t("studio.page.place.shuangkou_1"), 2: t("studio.page.place.shuangkou_2"),
      3: t("studio.page.place.shuangkou_3"), 4: t("studio.page.place.shuangkou_4"),
    };
    const names = view && view.players === 4 ? four : view && view.players === 6 ? six : {};
    return names[place] || t("studio.page.place.nth", {place});
  }

  function cardText(card) {
    if (card === "SJ") return t("studio.page.card.small_joker");
    if (card === "BJ") return t("studio.page.card.big_joker");
    return card;
  }

  function cardClass(card) {
    return card === "BJ" ? " joker big" : card === "SJ" ? " joker" : "";
  }

  function cardFace(card, attributes = {}) {
    return h("span", {class: `card-face${cardClass(card)}`, ...attributes}, h("span", {class: "rank"}, cardText(card)));
  }

  function render() {
    empty.hidden = Boolean(view);
    for (const part of [info, table, hand, actions, events]) part.hidden = !view;
    saveGame.disabled = !view || replaying;
    if (!view) return;
    renderInfo();
    renderSeats();
    renderCentre();
    renderHand();
    renderButtons();
    renderEvents();
    renderScores();
  }

  function renderInfo() {
    const phases = {
      play: t("studio.page.phase.play"),
      declare: t("studio.page.phase.declare"),
      tribute: t("studio.page.phase.tribute"),
      over: t("studio.page.phase.over"),
    };
    fill(info,
      h("b", {}, view.variant || ""), " · ",
      view.over ? h("span", {class: "over"}, t("studio.page.phase.over")) : [
        t("studio.page.play.phase", {phase: phases[view.phase] || view.phase || ""}), " · ",
        view.your_turn ? h("span", {class: "your-turn"}, t("studio.page.play.your_turn"))
          : t("studio.page.play.turn", {name: seatName(view.turn)})]);
  }

  function renderSeats() {
    const players = Number(view.players) || Object.keys(view.counts || {}).length || 6;
    const own = Number(view.seat) || 1;
    const opened = new Set((view.opened || []).map(Number));
    const declared = new Set((view.declared || []).map(Number));
    const places = view.places || {};
    fill(seats, Array.from({length: players}, (unused, i) => {
      const seat = ((own - 1 + i) % players) + 1;
      const angle = Math.PI / 2 - (2 * Math.PI * i) / players; // you at the bottom, the next seat on the right
      const team = teamOf(seat);
      const place = places[String(seat)];
      const count = (view.counts || {})[String(seat)];
      return h("div", {
        class: `seat team-${team}${seat === own ? " you" : ""}${Number(view.turn) === seat && !view.over ? " turn" : ""}` +
          `${place ? " out" : ""}`,
        testid: "seat", dataset: {seat: String(seat)},
        style: {left: `${50 + 41 * Math.cos(angle)}%`, top: `${50 + 35 * Math.sin(angle)}%`},
      },
      h("div", {class: "seat-name"}, seatName(seat)),
      h("div", {class: "seat-count", testid: "seat-count"},
        count === undefined || count === null ? "" : t("studio.page.play.cards_left", {count})),
      h("div", {class: "seat-badges"},
        team >= 0 ? h("span", {class: `badge team-badge team-${team}`}, t("studio.page.play.team", {team: team + 1})) : null,
        place ? h("span", {class: "badge place"}, placeName(place)) : null,
        opened.has(seat) ? label(h("span", {class: "badge opened"}), "studio.page.play.opened") : null,
        declared.has(seat) ? label(h("span", {class: "badge declared"}), "studio.page.play.declared") : null));
    }));
  }

  function renderCentre() {
    const played = view.table;
    if (!played || !(played.cards || []).length) {
      fill(centre, label(h("p", {class: "empty"}), "studio.page.play.table_empty"));
      return;
    }
    fill(centre,
      h("div", {class: `played-by team-${teamOf(played.seat)}`}, seatName(played.seat)),
      h("div", {class: "played"}, played.cards.map((card) => cardFace(card, {dataset: {card}}))));
  }

  function renderHand() {
    const cards = view.hand || [];
    if (!cards.length) {
      fill(hand, label(h("p", {class: "empty"}), "studio.page.play.hand_empty"));
      return;
    }
    fill(hand, cards.map((card, index) => h("button", {
      type: "button", class: `card${cardClass(card)}${selected.has(index) ? " selected" : ""}`, testid: "card",
      dataset: {card, index: String(index)}, "aria-pressed": selected.has(index) ? "true" : "false",
      disabled: replaying || view.over,
      onclick: () => {
        if (selected.has(index)) selected.delete(index);
        else selected.add(index);
        renderHand();
        renderButtons();
      },
    }, h("span", {class: "rank"}, cardText(card)))));
  }

  function renderButtons() {
    if (!view) return;
    const legal = view.legal || [];
    const active = view.your_turn && !view.over && !replaying && !busy;
    playButton.disabled = !active || selected.size === 0;
    passButton.disabled = !active || !legal.some((a) => a.kind === "pass");
    clearButton.disabled = selected.size === 0;
    fill(others, legal.filter((a) => a.kind !== "play" && a.kind !== "pass").map((a) => h("button", {
      type: "button", testid: `action-${a.kind}`, class: `action ${a.kind}`, disabled: !active,
      dataset: {action: a.action}, onclick: () => act(a.action),
    }, a.label || a.action)));
  }

  function renderEvents() {
    const list = view.events || [];
    fill(events, list.map((event) => h("li", {
      class: `event ${event.kind || "info"}${HIGHLIGHTED.has(event.kind) ? " highlight" : ""}` +
        `${event.seat ? ` team-${teamOf(event.seat)}` : ""}`,
      dataset: {kind: event.kind || "info"},
    }, event.text)));
    events.scrollTop = events.scrollHeight;
  }

  function renderScores() {
    const over = Boolean(view.over);
    scores.hidden = !over;
    if (!over) {
      fill(scores);
      return;
    }
    const places = view.places || {};
    const points = view.scores || {};
    const players = Number(view.players) || Object.keys(view.counts || {}).length;
    const rows = Array.from({length: players}, (unused, i) => i + 1)
      .sort((a, b) => (places[String(a)] || 99) - (places[String(b)] || 99) || a - b);
    fill(scores,
      label(h("h3"), "studio.page.play.result"),
      h("table", {},
        h("thead", {}, h("tr", {},
          label(h("th"), "studio.page.play.place"),
          label(h("th"), "studio.page.play.player"),
          label(h("th"), "studio.page.play.team_header"),
          label(h("th"), "studio.page.play.score"))),
        h("tbody", {}, rows.map((seat) => h("tr", {class: `team-${teamOf(seat)}${seat === Number(view.seat) ? " you" : ""}`},
          h("td", {}, places[String(seat)] ? placeName(places[String(seat)]) : "—"),
          h("td", {}, seatName(seat)),
          h("td", {}, teamOf(seat) >= 0 ? t("studio.page.play.team", {team: teamOf(seat) + 1}) : "—"),
          h("td", {class: "num"}, points[String(seat)] === undefined ? "—"
            : `${points[String(seat)] > 0 ? "+" : ""}${points[String(seat)]}`))))));
  }

  renderChoices();
  render();
  on("session", renderChoices);
  onLanguage(() => {
    renderChoices();
    if (view) render();
    if (replaying) showStep();
  });

  return {element};
}
