// The orders page (judge.site.orders_page): menus of the legal orders of each unit (the judge's own
// list, `judge options`), each order drawn on the map as it is chosen, a text box for the orders no
// menu lists, and the link that opens GitHub's editor on the chosen power's order file with the
// orders filled in; in a sealed game, it encrypts them first with age
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
  var menus = box.querySelector(".judge-menus");
  var figure = box.querySelector(".judge-drawn");
  var help = box.querySelector(".judge-help");
  var svg = box.querySelector("svg.judge-drawn-orders");
  var SVG = "http://www.w3.org/2000/svg";
  var serial = 0;
  var content = "";
  var rows = [];
  // The standard kinds' names; a variant's own kind is named by itself ("lift_siege": "Lift siege").
  var KINDS = {hold: "Hold", move: "Move", support: "Support", convoy: "Convoy", retreat: "Retreat", disband: "Disband",
    build: "Build", waive: "Waive"};

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

  function place(id) {
    var p = String(id).split("/");
    var name = data.names[p[0]] || p[0];
    return name + " (" + p[0] + (p[1] ? "/" + p[1] : "") + ")";
  }

  function option(sel, value, label) {
    var o = document.createElement("option");
    o.value = value;
    o.textContent = label;
    sel.appendChild(o);
  }

  // -- the menus: kind, then target, then destination ------------------------------------------
  // An option is [kind, target, to, order, via]; a row's menus narrow its options down to one.

  function second(o) { return o[1] || o[2] || o[3]; }
  function secondLabel(o) {
    if (o[1]) return o[1] + " in " + place(o[1].split(" ").pop());
    if (o[2]) return place(o[2]) + (/ via convoy$/.test(o[3]) ? ", by convoy" : o[4] ? " (by convoy: " + o[4] + ")" : "");
    return o[3];
  }
  function thirdLabel(o) { return o[1] ? (o[2] ? "to " + place(o[2]) : "to hold") : o[3]; }

  function makeRow(label, opts, kindRow) {
    var row = document.createElement("div");
    row.className = "judge-row";
    var name = document.createElement("span");
    name.className = "judge-row-unit";
    name.textContent = label;
    row.appendChild(name);
    var sels = [0, 1, 2].map(function (i) {
      var s = document.createElement("select");
      s.setAttribute("aria-label", label + ": " + ["order", "which", "where"][i]);
      if (i) s.hidden = true;
      row.appendChild(s);
      return s;
    });
    var r = {row: row, opts: opts, sels: sels, chosen: null, power: kindRow};
    option(sels[0], "", "— no order —");
    var kinds = [];
    opts.forEach(function (o) { if (kinds.indexOf(o[0]) < 0) kinds.push(o[0]); });
    if (kindRow) {  // orders to no unit (builds, waives, declarations): one menu of every one
      sels[0].options[0].textContent = "— none —";
      opts.forEach(function (o, i) { option(sels[0], "o" + i, o[0] === "build" ? "Build " + o[3].split(" ")[1] + " in " + place(o[2] || o[3].split(" ").pop()) : o[3]); });
    } else {
      kinds.forEach(function (k) { option(sels[0], k, KINDS[k] || (k.charAt(0).toUpperCase() + k.slice(1)).replace(/_/g, " ")); });
    }
    sels.forEach(function (s, i) { s.addEventListener("change", function () { narrow(r, i); }); });
    return r;
  }

  function narrow(r, level) {
    var s = r.sels;
    var pick = function (list) { r.chosen = list.length === 1 ? list[0] : null; };
    if (r.power) {
      r.chosen = s[0].value ? r.opts[Number(s[0].value.slice(1))] : null;
      return changed();
    }
    var of = r.opts.filter(function (o) { return o[0] === s[0].value; });
    if (level === 0) {
      s[1].textContent = ""; s[2].textContent = ""; s[2].hidden = true;
      var keys = [];
      of.forEach(function (o) { if (keys.indexOf(second(o)) < 0) keys.push(second(o)); });
      s[1].hidden = of.length < 2;
      if (of.length >= 2) {
        option(s[1], "", "choose…");
        keys.forEach(function (k) { option(s[1], k, secondLabel(of.filter(function (o) { return second(o) === k; })[0])); });
      }
      pick(of);
      return changed();
    }
    var two = of.filter(function (o) { return second(o) === s[1].value; });
    if (level === 1) {
      s[2].textContent = "";
      s[2].hidden = two.length < 2;
      if (two.length >= 2) {
        option(s[2], "", "choose…");
        two.forEach(function (o, i) { option(s[2], String(i), thirdLabel(o)); });
      }
      pick(two);
      return changed();
    }
    r.chosen = s[2].value === "" ? null : two[Number(s[2].value)];
    changed();
  }

  function build(p) {
    menus.textContent = "";
    rows = [];
    var mine = p && data.options.powers[p.name];
    if (!mine) {
      if (p) menus.textContent = "Nothing to choose from the menus for " + p.name + " in this phase: write any orders below.";
      return;
    }
    mine.units.forEach(function (u) { rows.push(makeRow(u[0], u[1], false)); });
    var n = mine.orders.length ? Math.max(mine.count || 0, 1) : 0;
    for (var i = 0; i < n; i++) rows.push(makeRow(mine.count > 0 ? "Build " + (i + 1) : "Other order", mine.orders, true));
    rows.forEach(function (r) { menus.appendChild(r.row); });
    if (mine.orders.length && !(mine.count > 0)) {
      var more = document.createElement("button");
      more.type = "button";
      more.className = "md-button judge-more";
      more.textContent = "Another order";
      more.addEventListener("click", function () {
        var r = makeRow("Other order", mine.orders, true);
        rows.push(r);
        menus.insertBefore(r.row, more);
        r.sels[0].focus();
      });
      menus.appendChild(more);
    }
  }

  // -- the map: each chosen order drawn over the open phase's map --------------------------------

  function el(name, attrs) {
    var e = document.createElementNS(SVG, name);
    Object.keys(attrs).forEach(function (k) { e.setAttribute(k, attrs[k]); });
    svg.appendChild(e);
    return e;
  }

  function at(loc) {
    var a = data.map.anchors[loc] || data.map.anchors[String(loc).split("/")[0]];
    return a || null;
  }

  function unitAt(r) { return r.power ? null : r.row.firstChild.textContent.split(" ")[1]; }

  function draw() {
    if (!data.map) return;
    svg.textContent = "";
    var w = Number(data.map.viewBox.split(" ")[2]) || 1000;
    var sw = w / 320;
    var defs = el("defs", {});
    var marker = document.createElementNS(SVG, "marker");
    [["id", "judge-head"], ["viewBox", "0 0 10 10"], ["refX", "8"], ["refY", "5"], ["markerWidth", "4"], ["markerHeight", "4"],
      ["orient", "auto-start-reverse"]].forEach(function (kv) { marker.setAttribute(kv[0], kv[1]); });
    var head = document.createElementNS(SVG, "path");
    head.setAttribute("d", "M0,0 L10,5 L0,10 z");
    marker.appendChild(head);
    defs.appendChild(marker);
    rows.forEach(function (r) {
      var o = r.chosen;
      if (!o) return;
      var from = at(r.power ? (o[2] || o[3].split(" ").pop()) : unitAt(r));
      if (!from) return;
      var kind = o[0], line = {"class": "judge-drawn-" + kind, "stroke-width": sw};
      if ((kind === "move" || kind === "retreat") && at(o[2])) {
        el("line", Object.assign(line, {x1: from[0], y1: from[1], x2: at(o[2])[0], y2: at(o[2])[1], "marker-end": "url(#judge-head)"}));
      } else if (kind === "support" || kind === "convoy") {
        var t = at(o[1].split(" ").pop());
        if (!t) return;
        el("line", Object.assign({}, line, {x1: from[0], y1: from[1], x2: t[0], y2: t[1]}));
        if (o[2] && at(o[2])) el("line", Object.assign({}, line, {x1: t[0], y1: t[1], x2: at(o[2])[0], y2: at(o[2])[1], "marker-end": "url(#judge-head)"}));
        else el("circle", Object.assign({}, line, {cx: t[0], cy: t[1], r: sw * 4, fill: "none"}));
      } else if (kind === "disband") {
        el("path", Object.assign(line, {d: "M" + (from[0] - sw * 4) + "," + (from[1] - sw * 4) + " l" + sw * 8 + "," + sw * 8 +
          " m0," + (-sw * 8) + " l" + (-sw * 8) + "," + sw * 8}));
      } else if (kind !== "waive") {
        el("circle", Object.assign(line, {cx: from[0], cy: from[1], r: sw * 5, fill: "none"}));
      }
    });
  }

  // -- the file ---------------------------------------------------------------------------------

  function chosen() { return rows.filter(function (r) { return r.chosen; }).map(function (r) { return r.chosen[3]; }); }

  function body() {
    var free = text.value.replace(/\r\n?/g, "\n").replace(/\s+$/, "");
    free = free.split("\n").filter(function (l) { return l.trim() && !/^\s*#\s*ready\s*$/i.test(l); });
    var lines = chosen().concat(free);
    return lines.join("\n") + "\n" + (ready.checked ? "# ready\n" : "");
  }

  function showUnits(p) {
    units.textContent = p ? p.name + ": " + (p.units.length ? p.units.join(", ") : "no units") + "; " + p.centres +
      " supply centre" + (p.centres === 1 ? "" : "s") + (p.sent ? ". Orders were sent before (" + p.sent + ")." : ".") : "";
  }

  function seal(p, clear) {
    var age = globalThis.judgeAge;
    if (!age) return Promise.reject(new Error("the age library did not load"));
    var header = data.header.map(function (l) { return l.replace("{power}", p.name); });
    var e = new age.Encrypter();
    e.addRecipient(data.recipient);
    return e.encrypt(header.join("\n") + "\n" + clear).then(function (bytes) { return age.armor.encode(bytes); });
  }

  function changed() {
    draw();
    update();
  }

  function update() {
    var p = power();
    var mine = ++serial;
    enable(send, "");
    enable(edit, "");
    if (!p) return say("idle", "Choose your power.");
    var n = chosen().length;
    var left = rows.filter(function (r) { return !r.power && !r.chosen; }).length;
    if (!n && !text.value.trim()) return say("idle", "Choose orders from the menus, or write them.");
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
      var counted = n + " order" + (n === 1 ? "" : "s") + " from the menus" + (left ? ", " + left + " unit" +
        (left === 1 ? "" : "s") + " without one (" + (left === 1 ? "it holds" : "they hold") + ")" : "") + ". ";
      say("ready", counted + (data.sealed ? "Sealed. " : "") + (p.sent
        ? "Orders were sent before: to change them, use the second button (it copies the new text) and paste it over the old."
        : "Ready: the button opens GitHub with " + name + " filled in."));
    }, function (err) {
      if (mine === serial) say("error", "Could not seal the orders: " + err.message);
    });
  }

  function choosePower() {
    var p = power();
    showUnits(p);
    build(p);
    help.textContent = p && data.options.help.length ? "Orders with amounts are written in the text box, e.g.: " +
      data.options.help.join("; ") + "." : "";
    if (data.map) {
      figure.hidden = false;
      figure.querySelector("img").src = data.map.src;
      svg.setAttribute("viewBox", data.map.viewBox);
    }
    changed();
  }

  edit.addEventListener("click", function (ev) {
    if (edit.getAttribute("aria-disabled") === "true") { ev.preventDefault(); return; }
    if (navigator.clipboard) navigator.clipboard.writeText(content).catch(function () {});
  });
  send.addEventListener("click", function (ev) {
    if (send.getAttribute("aria-disabled") === "true") ev.preventDefault();
  });
  select.addEventListener("change", choosePower);
  text.addEventListener("input", update);
  ready.addEventListener("change", update);
  choosePower();
})();
