// The table's voice on the phone page: a mute switch beside Undo (shown only when the table
// speaks; muting needs the PIN session like every change) and a link to the players' history.
"use strict";
(() => {
  const WORDS = {
    en: { mute: "Mute the table", unmute: "Let the table speak", stats: "Players' history" },
    de: { mute: "Tisch stumm", unmute: "Tisch sprechen lassen", stats: "Spielerstatistik" },
    nl: { mute: "Tafel dempen", unmute: "Tafel laten spreken", stats: "Spelersgeschiedenis" },
  };

  async function json(path, body) {
    const init = body === undefined ? { credentials: "same-origin" } : {
      method: "POST", credentials: "same-origin",
      headers: { "Content-Type": "application/json" }, body: JSON.stringify(body),
    };
    const response = await fetch(path, init);
    const data = await response.json().catch(() => ({}));
    if (!response.ok) throw new Error((data.error && data.error.message) || response.statusText);
    return data;
  }

  async function start() {
    const session = await json("/api/session").catch(() => ({}));
    const words = WORDS[session.language] || WORDS.en;
    const past = document.getElementById("past-card");
    if (past) {
      const link = document.createElement("p");
      link.innerHTML = '<a id="stats-link" href="/stats"></a>';
      link.firstChild.textContent = words.stats;
      past.append(link);
    }
    const status = await json("/api/speech").catch(() => null);
    const row = document.querySelector("#moves .row");
    if (!status || !status.enabled || !row) return;
    const button = document.createElement("button");
    button.id = "mute";
    button.type = "button";
    button.className = "secondary";
    const show = (muted) => {
      button.dataset.muted = String(muted);
      button.textContent = muted ? words.unmute : words.mute;
    };
    show(status.muted);
    button.addEventListener("click", async () => {
      try {
        show((await json("/api/speech", { muted: button.dataset.muted !== "true" })).muted);
      } catch (err) {
        const banner = document.getElementById("banner");
        if (banner) { banner.textContent = err.message; banner.hidden = false; }
      }
    });
    row.append(button);
  }

  start();
})();
