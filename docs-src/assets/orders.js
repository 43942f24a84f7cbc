// The orders page (judge.site.orders_page): builds the link that opens GitHub's editor on the chosen
// power's order file with the orders filled in; in a sealed game, encrypts them first with age
// (assets/vendor/age-encryption.js, exposed as globalThis.judgeAge) to the game's recipient, after
// the header `judge seal` writes. Nothing is sent anywhere by this page: GitHub does the rest.
(function () {
  "use strict";
  var box = document.getElementById("judge-orders");
  var raw = document.getElementById("judge-orders-data");
  if (!box || !raw) return;
  var data = JSON.parse(raw.textContent);
  var select = box.querySelector("select[name=power]");
  var text = box.querySelector("textarea[name=orders]");
  var ready = box.querySelector("input[name=ready]");
  var send = box.querySelector("a.judge-send");
  var edit = box.querySelector("a.judge-edit");
  var units = box.querySelector(".judge-units");
  var status = box.querySelector(".judge-status");
  var serial = 0;
  var content = "";

  function power() {
    for (var i = 0; i < data.powers.length; i++) if (data.powers[i].stem === select.value) return data.powers[i];
    return null;
  }

  function enable(a, href) {
    a.href = href || "#";
    a.setAttribute("aria-disabled", href ? "false" : "true");
  }

  function say(state, message) {
    box.setAttribute("data-state", state);
    status.textContent = message;
  }

  function showUnits(p) {
    units.textContent = p ? p.name + ": " + (p.units.length ? p.units.join(", ") : "no units") + "; " + p.centres +
      " supply centre" + (p.centres === 1 ? "" : "s") + (p.sent ? ". Orders were sent before (" + p.sent + ")." : ".") : "";
  }

  function body() {
    var lines = text.value.replace(/\r\n?/g, "\n").replace(/\s+$/, "");
    lines = lines.split("\n").filter(function (l) { return !/^\s*#\s*ready\s*$/i.test(l); }).join("\n");
    return lines + "\n" + (ready.checked ? "# ready\n" : "");
  }

  function seal(p, clear) {
    var age = globalThis.judgeAge;
    if (!age) return Promise.reject(new Error("the age library did not load"));
    var header = data.header.map(function (l) { return l.replace("{power}", p.name); });
    var e = new age.Encrypter();
    e.addRecipient(data.recipient);
    return e.encrypt(header.join("\n") + "\n" + clear).then(function (bytes) { return age.armor.encode(bytes); });
  }

  function update() {
    var p = power();
    var mine = ++serial;
    showUnits(p);
    enable(send, "");
    enable(edit, "");
    if (!p) return say("idle", "Choose your power.");
    if (!text.value.trim()) return say("idle", "Write your orders.");
    if (!data.repository) return say("error", "The league's GitHub address is not known: see above.");
    var name = p.stem + (data.sealed ? ".txt.age" : ".txt");
    say("working", data.sealed ? "Sealing your orders…" : "");
    var made = data.sealed ? seal(p, body()) : Promise.resolve(body());
    made.then(function (fileText) {
      if (mine !== serial) return;
      content = fileText;
      var base = data.repository + "/new/" + encodeURIComponent(data.branch) + "/" +
        data.path.split("/").map(encodeURIComponent).join("/");
      enable(send, base + "?filename=" + encodeURIComponent(name) + "&value=" + encodeURIComponent(fileText));
      enable(edit, data.repository + "/edit/" + encodeURIComponent(data.branch) + "/" +
        (data.path + "/" + name).split("/").map(encodeURIComponent).join("/"));
      say("ready", (data.sealed ? "Sealed. " : "") + (p.sent
        ? "Orders were sent before: to change them, use the second button (it copies the new text) and paste it over the old."
        : "Ready: the button opens GitHub with " + name + " filled in."));
    }, function (err) {
      if (mine === serial) say("error", "Could not seal the orders: " + err.message);
    });
  }

  edit.addEventListener("click", function (ev) {
    if (edit.getAttribute("aria-disabled") === "true") { ev.preventDefault(); return; }
    if (navigator.clipboard) navigator.clipboard.writeText(content).catch(function () {});
  });
  send.addEventListener("click", function (ev) {
    if (send.getAttribute("aria-disabled") === "true") ev.preventDefault();
  });
  select.addEventListener("change", update);
  text.addEventListener("input", update);
  ready.addEventListener("change", update);
  update();
})();
