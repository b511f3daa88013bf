// fray serve's page: the fight of ?fight=ID, read from the API and kept live by
// its event stream. Every change goes through the same commands as fray play.
// ?view=player#player=TOKEN is the players' view of it: read-only, with the
// fight's players' token, which the server answers with what players may see.
'use strict';
(() => {
  const $ = (s) => document.querySelector(s);
  const params = new URLSearchParams(location.search);
  const hash = new URLSearchParams(location.hash.slice(1));
  let fightId = params.get('fight') || '';
  const player = params.get('view') === 'player';
  // the token is asked once and kept for the tab (sessionStorage), never in the URL
  const keyName = player ? 'fray-player:' + fightId : 'fray-token';
  if (hash.get('token') || hash.get('player')) {
    sessionStorage.setItem(keyName, hash.get('player') || hash.get('token'));
    history.replaceState(null, '', location.pathname + location.search);
  }
  let token = sessionStorage.getItem(keyName) || '';
  let asked = false;
  let state = null, source = null, refreshing = null, again = false, shownQ = '', simAt = null, lines = [];
  if (player) { document.body.classList.add('player'); $('#view-name').textContent = 'players'; }

  const esc = (s) => String(s).replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' }[c]));

  async function api(method, path, body) {
    const opt = { method, headers: {} };
    if (token) opt.headers.Authorization = 'Bearer ' + token;
    if (body !== undefined) { opt.headers['Content-Type'] = 'application/json'; opt.body = JSON.stringify(body); }
    const r = await fetch(path, opt);
    const text = await r.text();
    let data = null;
    try { data = text ? JSON.parse(text) : null; } catch (e) { data = { error: text, where: 'reply' }; }
    if (r.status === 401 && !asked) {
      asked = true;
      const t = prompt('This server needs its token:');
      if (t) { token = t; sessionStorage.setItem(keyName, t); return api(method, path, body); }
    }
    if (!r.ok) throw Object.assign(new Error((data && data.error) || r.statusText), { status: r.status, where: data && data.where });
    return data;
  }

  function showError(e) {
    const box = $('#error');
    if (!e) { box.hidden = true; box.textContent = ''; return; }
    box.hidden = false;
    box.textContent = e.message + (e.where ? ' (' + e.where + ')' : '');
  }

  // ---- the fight list and a new fight ----
  async function loadLists() {
    if (player) return;
    const [fights, examples] = await Promise.all([api('GET', '/api/fights'), api('GET', '/api/examples')]);
    const sel = $('#fight-select');
    sel.innerHTML = '<option value="">— choose a fight —</option>' + fights.fights.map((f) =>
      `<option value="${esc(f.id)}">${esc(f.name)} · ${esc(f.ruleset)} · ${f.entries} entries</option>`).join('');
    sel.value = fightId;
    $('#new-example').innerHTML = examples.examples.map((x) =>
      `<option value="${esc(x.name)}">${esc(x.title)} (${esc(x.ruleset)}, ${esc(x.name)})</option>`).join('');
  }
  $('#fight-select').addEventListener('change', (ev) => open(ev.target.value));
  const newBox = (show) => { $('#new-box').hidden = !show; $('#new-open').setAttribute('aria-expanded', String(show)); };
  $('#new-open').addEventListener('click', () => newBox($('#new-box').hidden));
  $('#new-cancel').addEventListener('click', () => newBox(false));
  $('#new-form').addEventListener('submit', async (ev) => {
    ev.preventDefault();
    try {
      const body = { example: $('#new-example').value };
      if ($('#new-name').value.trim()) body.name = $('#new-name').value.trim();
      const s = await api('POST', '/api/fights', body);
      newBox(false);
      await open(s.fight.id);
      await loadLists();
    } catch (e) { showError(e); }
  });

  async function open(id) {
    fightId = id;
    const url = new URL(location.href);
    if (id) url.searchParams.set('fight', id); else url.searchParams.delete('fight');
    history.replaceState(null, '', url);
    if (source) { source.close(); source = null; }
    $('#app').hidden = !id;
    $('#empty').hidden = !!id;
    $('#sim-result').hidden = true;
    simAt = null;
    if (!id) return;
    await refresh();
    listen();
  }

  // ---- live updates ----
  function listen() {
    const q = token ? '?token=' + encodeURIComponent(token) : '';
    source = new EventSource(`/api/fights/${fightId}/events${q}`);
    source.addEventListener('open', () => { $('#live').className = 'live on'; });
    source.addEventListener('error', () => { $('#live').className = 'live off'; });
    source.addEventListener('state', (ev) => {
      const d = JSON.parse(ev.data);
      if (!state || d.version !== state.version || d.entries !== state.fight.entries) refresh();
    });
  }

  // one refresh at a time; a change during it asks for one more
  async function refresh() {
    if (refreshing) { again = true; return refreshing; }
    refreshing = (async () => {
      do {
        again = false;
        const id = fightId;
        const [s, q, n] = await Promise.all([api('GET', `/api/fights/${id}`),
          api('GET', `/api/fights/${id}/actions`), api('GET', `/api/fights/${id}/narration`)]);
        if (id !== fightId) return;
        state = s;
        lines = n.lines;
        render(s, q);
      } while (again);
    })().finally(() => { refreshing = null; });
    return refreshing;
  }

  // a command on the fight (POST, or DELETE without a body): true when done
  async function command(path, body, method) {
    try {
      showError(null);
      const s = method === 'DELETE' ? await api('DELETE', `/api/fights/${fightId}/${path}`)
        : await api('POST', `/api/fights/${fightId}/${path}`, Object.assign({ at: state.fight.entries }, body || {}));
      state = s;
      await refresh();
      return true;
    } catch (e) {
      showError(e);
      if (e.status === 409) refresh();
      return false;
    }
  }

  // ---- drawing ----
  function render(s, q) {
    document.title = `${s.fight.name} — fray${player ? ' (players)' : ''}`;
    $('#fight-name').textContent = s.fight.name;
    $('#ruleset').innerHTML = `<b>${esc(s.fight.ruleset)}</b>`;
    $('#round').innerHTML = `round <b>${s.round}</b>`;
    $('#entries').innerHTML = `<b data-entries="${s.fight.entries}">${s.fight.entries}</b> entries`;
    const opt = $('#fight-select').selectedOptions[0];
    if (opt && opt.value === s.fight.id) opt.textContent = `${s.fight.name} · ${s.fight.ruleset} · ${s.fight.entries} entries`;
    renderTrack(s);
    renderCards(s);
    // the question is drawn again only when it changed: a button being
    // pressed, or a fold opened, stays as it is through a live refresh
    const sig = fightId + '|' + s.fight.entries + '|' + JSON.stringify(q);
    if (sig !== shownQ) { shownQ = sig; renderQuestion(s, q); }
    renderLog();
    if (player) return;
    $('#undo').disabled = s.fight.entries === 0 || !s.writable;
    $('#redo').disabled = !s.redoable || !s.writable;
    // a sim is of the fight as it was when it ran
    $('#sim-stale').hidden = simAt === null || simAt === s.fight.entries;
    $('#sim-result').classList.toggle('outdated', !$('#sim-stale').hidden);
    renderGm(s).catch(showError);
  }

  // the creatures in turn order: the scheduler's where it keeps one, else
  // by the score that orders turns (Initiative, Energy), else as loaded
  function ordered(s) {
    const key = s.resources.find((r) => /initiative|energy/i.test(r));
    const cs = s.creatures.slice();
    const at = new Map((s.turn_order || []).map((n, i) => [n, i]));
    const rank = (c) => (at.has(c.name) ? at.get(c.name) : 1000);
    if (at.size) cs.sort((a, b) => rank(a) - rank(b));
    else if (key) cs.sort((a, b) => b.resources[key] - a.resources[key]);
    return { cs, key: at.size ? '' : key };
  }

  // the turn track: by the first resource that orders turns (Initiative,
  // Energy) where the ruleset has one, else in the encounter's order
  function renderTrack(s) {
    const { cs, key } = ordered(s);
    $('#track').innerHTML = (key ? `<span class="hint">${esc(key)}</span>` : '') + cs.map((c) =>
      `<span class="chip${c.current ? ' cur' : ''}${c.status !== 'able' ? ' out' : ''}" data-name="${esc(c.name)}">${esc(c.name)}${key ? ' ' + c.resources[key] : ''}</span>`).join('');
  }

  // a bar for each pool of health the rules give a range (HP, Aura, Stamina...)
  const HEALTH = /hp|hit point|health|aura|stamina|vigou?r|vitality/i;
  const barred = (c) => Object.entries(c.range || {}).filter(([k]) => HEALTH.test(k));
  function bars(c) {
    return barred(c).map(([k, [lo, hi]]) => {
      const v = c.resources[k], share = Math.max(0, Math.min(1, (v - lo) / (hi - lo)));
      const tone = share > 0.5 ? 'ok' : share > 0.25 ? 'mid' : 'low';
      return `<div class="rbar ${tone}" data-res="${esc(k)}" title="${esc(k)} ${v} of ${lo}–${hi}"><span class="bl">${esc(k)}</span>
        <span class="track-bg"><span class="fill" style="width:${(share * 100).toFixed(1)}%"></span></span><b>${v}/${hi}</b></div>`;
    }).join('');
  }

  const CTLS = ['gm', 'policy', 'random'];
  function renderCards(s) {
    $('#cards').innerHTML = ordered(s).cs.map((c) => {
      const side = s.sides.indexOf(c.side);
      const inBars = new Set(barred(c).map(([k]) => k));
      const res = Object.entries(c.resources).filter(([k, v]) => v !== 0 && !inBars.has(k))
        .map(([k, v]) => `<span>${esc(k)} <b>${v}</b></span>`).join('');
      const gm = player ? '' : `<div class="tools">
          <select class="ctl-select" aria-label="Who decides for ${esc(c.name)}" data-name="${esc(c.name)}"${c.gone ? ' disabled' : ''}>${CTLS.map((k) =>
            `<option value="${k}"${k === c.controller ? ' selected' : ''}>${k === 'gm' ? 'GM decides' : k}</option>`).join('')}${CTLS.includes(c.controller) ? '' : `<option selected>${esc(c.controller)}</option>`}</select>
          ${c.hidden ? `<button type="button" class="reveal-btn" data-name="${esc(c.name)}">Reveal</button>` : ''}
          <button type="button" class="remove-btn" data-name="${esc(c.name)}"${c.gone ? ' disabled' : ''}>Remove</button></div>`;
      const conds = c.conditions.map((k) => `<span class="cond">${esc(k.name)}${k.while ? ' (while ' + esc(k.while) + ')' : ''}</span>`).join('');
      return `<article class="card s${side % 4} ${esc(c.status)}${c.current ? ' current' : ''}" data-name="${esc(c.name)}" data-status="${esc(c.status)}">
        <div class="top"><span class="nm">${esc(c.name)}</span>${c.hidden ? '<span class="hid">hidden</span>' : ''}<span class="status ${esc(c.status)}">${esc(c.status)}</span></div>
        <div class="sd">${esc(c.side)}${c.controller ? ` · <span class="ctl">${esc(c.controller)}</span>` : ''} · at ${c.at[0].toFixed(1)}, ${c.at[1].toFixed(1)} m</div>
        <div class="summary">${esc(c.summary)}</div>
        <div class="bars">${bars(c)}</div>
        <div class="res">${res}</div>
        <div class="conds">${conds}</div>${gm}</article>`;
    }).join('');
    if (player) return;
    $('#cards').querySelectorAll('.ctl-select').forEach((x) => x.addEventListener('change', () =>
      command('fiat', { kind: 'control', who: x.dataset.name, controller: x.value })));
    $('#cards').querySelectorAll('.reveal-btn').forEach((b) => b.addEventListener('click', () =>
      command('fiat', { kind: 'reveal', who: b.dataset.name })));
    $('#cards').querySelectorAll('.remove-btn').forEach((b) => b.addEventListener('click', () =>
      command(`creatures/${encodeURIComponent(b.dataset.name)}`, null, 'DELETE')));
  }

  // ---- the GM's tools ----
  const fillSelect = (sel, items) => {
    const keep = sel.value;
    sel.innerHTML = items.map((x) => `<option value="${esc(x)}">${esc(x)}</option>`).join('');
    if (items.includes(keep)) sel.value = keep;
  };
  let rulesets = null;
  async function renderGm(s) {
    fillSelect($('#fiat-who'), s.creatures.filter((c) => !c.gone).map((c) => c.name));
    fillSelect($('#fiat-resource'), s.resources);
    $('#sides').innerHTML = s.sides.map((x) => `<option value="${esc(x)}">`).join('');
    $('#notes').innerHTML = (s.notes || []).map((n) => `<li data-entry="${n.entry}"><span class="hint">#${n.entry}</span> ${esc(n.text)}</li>`).join('');
    const link = `${location.origin}/?fight=${encodeURIComponent(s.fight.id)}&view=player#player=${encodeURIComponent(s.player_token || '')}`;
    $('#player-link').href = link;
    if (!rulesets) rulesets = (await api('GET', '/api/rulesets')).rulesets;
    const rs = rulesets.find((r) => r.id === s.fight.ruleset);
    fillSelect($('#fiat-cond'), rs ? rs.conditions : []);
  }
  function showFiatFields() {
    const k = $('#fiat-kind').value;
    document.querySelectorAll('#fiat-form [data-for]').forEach((el) => { el.hidden = !el.dataset.for.split(' ').includes(k); });
  }
  $('#fiat-kind').addEventListener('change', showFiatFields);
  showFiatFields();
  $('#fiat-form').addEventListener('submit', (ev) => {
    ev.preventDefault();
    const kind = $('#fiat-kind').value, body = { kind, who: $('#fiat-who').value };
    if (kind === 'damage' || kind === 'heal') body.amount = Number($('#fiat-amount').value);
    if (kind === 'set') { body.resource = $('#fiat-resource').value; body.value = Number($('#fiat-value').value); }
    if (kind === 'condition') { body.op = $('#fiat-op').value; body.condition = $('#fiat-cond').value; }
    command('fiat', body);
  });
  $('#add-form').addEventListener('submit', async (ev) => {
    ev.preventDefault();
    const body = { name: $('#add-name').value.trim(), side: $('#add-side').value.trim(), creature: $('#add-creature').value.trim(),
      position: [Number($('#add-x').value) || 0, Number($('#add-y').value) || 0] };
    if (await command('creatures', body)) $('#add-name').value = '';
  });
  $('#note-form').addEventListener('submit', async (ev) => {
    ev.preventDefault();
    if (await command('fiat', { kind: 'note', text: $('#note-text').value.trim() })) $('#note-text').value = '';
  });
  $('#player-copy').addEventListener('click', () => navigator.clipboard && navigator.clipboard.writeText($('#player-link').href));

  // the headline figure of an action's odds: the chance to hit, else the first chance given
  function oddsText(o) {
    if (!o) return '';
    const k = ['p_hit', 'p_success', 'p_win'].find((x) => typeof o[x] === 'number') ||
      Object.keys(o).find((x) => x.startsWith('p_') && typeof o[x] === 'number');
    if (!k) return '';
    let t = `${(o[k] * 100).toFixed(1)}% ${k.slice(2).replace(/_/g, ' ')}`;
    if (typeof o.mean_damage === 'number') t += ` · ${o.mean_damage.toFixed(2)} dmg`;
    return t;
  }

  function renderQuestion(s, q) {
    const box = $('#question');
    box.dataset.kind = q.kind;
    if (player && q.kind !== 'over') {
      const what = { action: 'to act', die: 'for a roll', answer: 'for an answer' }[q.kind] || '';
      box.innerHTML = q.who ? `<div class="who">${esc(q.who)}</div><div class="sub">is asked ${what}${q.purpose ? ': ' + esc(q.purpose) : ''}</div>`
        : '<div class="sub">The GM is at work.</div>';
      return;
    }
    if (q.kind === 'action') {
      const trig = q.trigger ? `<div class="sub">may react to ${esc(q.trigger.actor)}: ${esc(q.trigger.text)}</div>` : '<div class="sub">chooses an action</div>';
      // attacks (those with odds) first, then the rest; moves to a place folded by kind
      const button = (a) => `<button type="button" class="action-btn${a.odds ? ' attack' : ''}" data-index="${a.index}" data-action="${esc(a.action)}">
          <span class="an">${esc(a.action)}</span><span class="at">${esc(a.text.slice(a.action.length).replace(/^ > /, '→ ') || '')}</span>
          <span class="ac">${esc(a.cost)}</span>${a.odds ? `<span class="odds">${esc(oddsText(a.odds))}</span>` : ''}</button>`;
      const main = q.actions.filter((a) => !a.to).sort((x, y) => (y.odds ? 1 : 0) - (x.odds ? 1 : 0));
      const moves = {};
      q.actions.filter((a) => a.to).forEach((a) => { (moves[a.action] = moves[a.action] || []).push(a); });
      box.innerHTML = `<div class="who">${esc(q.who)}</div>${trig}<div class="actions">` + main.map(button).join('') +
        '<button type="button" class="action-btn pass" id="pass"><span class="an">Pass</span><span class="ac">end the turn / let it go</span></button></div>' +
        Object.entries(moves).map(([k, as]) => `<details class="group"><summary>${esc(k)} · ${as.length} places</summary><div class="actions">${as.map(button).join('')}</div></details>`).join('') +
        (q.trigger ? '' : '<div class="hintbox"><button type="button" id="hint-btn">Hint: the best three</button><ol id="hints" class="hints"></ol></div>');
      box.querySelectorAll('.action-btn[data-index]').forEach((b) =>
        b.addEventListener('click', () => command('do', { action: Number(b.dataset.index) })));
      $('#pass').addEventListener('click', () => command('pass'));
      if (!q.trigger) $('#hint-btn').addEventListener('click', () => hint(q));
    } else if (q.kind === 'die') {
      box.innerHTML = `<div class="who">${esc(q.who || 'Roll')}</div><div class="sub">${esc(q.purpose)}</div>
        <form class="diebox" id="die-form"><span class="die">d${q.sides}</span>
        <input id="die-input" type="number" min="1" max="${q.sides}" inputmode="numeric" placeholder="1–${q.sides}" aria-label="The roll" autofocus>
        <button type="submit" class="primary" id="die-submit">Enter roll</button>
        <button type="button" id="die-roll">Let fray roll</button></form>`;
      $('#die-form').addEventListener('submit', (ev) => {
        ev.preventDefault();
        const v = Number($('#die-input').value);
        if (v) command('roll', { value: v });
      });
      $('#die-roll').addEventListener('click', () => command('roll'));
    } else if (q.kind === 'answer') {
      box.innerHTML = `<div class="who">${esc(q.who)}</div><div class="sub">chooses ${esc(q.question)}</div><div class="actions">` +
        q.options.map((o) => `<button type="button" class="action-btn answer-btn" data-number="${o.number}"><span class="an">${esc(o.name)}</span></button>`).join('') + '</div>';
      box.querySelectorAll('.answer-btn').forEach((b) => b.addEventListener('click', () => command('answer', { answer: Number(b.dataset.number) })));
    } else if (q.kind === 'over') {
      box.innerHTML = `<div class="over" id="winner" data-winner="${esc(q.winner || '')}">The fight is over: ${q.winner ? esc(q.winner) + ' wins' : 'a draw'}.</div>`;
    } else {
      box.innerHTML = '';
    }
  }

  // the look-ahead's best three actions now (POST .../hint, play's hint):
  // each with its side's win share, interval and damage; Take does it
  async function hint(q) {
    const b = $('#hint-btn'), list = $('#hints');
    b.disabled = true;
    b.textContent = 'Looking ahead…';
    try {
      showError(null);
      const h = await api('POST', `/api/fights/${fightId}/hint`, { tries: 200 });
      const pct = (x) => (100 * x).toFixed(1);
      // the three best, and the policy's own choice below them when it ranks lower
      const rows = h.hints.concat(h.policy && h.policy.rank > h.hints.length ? [h.policy] : []);
      list.innerHTML = rows.map((x) => `<li value="${x.rank}" data-index="${x.index}" data-win="${x.win}" data-lo="${x.ci95[0]}" data-hi="${x.ci95[1]}">
          <span class="an">${esc(x.action)}</span>${x.policy ? ' <span class="hint">(fray\'s policy)</span>' : ''}
          <span class="odds">win ${pct(x.win)}% [${pct(x.ci95[0])}–${pct(x.ci95[1])}] · dealt ${x.dealt.toFixed(1)} · taken ${x.taken.toFixed(1)}</span>
          <button type="button" class="take">Take</button></li>`).join('');
      list.querySelectorAll('li').forEach((li) => li.querySelector('.take').addEventListener('click', () =>
        Number(li.dataset.index) ? command('do', { action: Number(li.dataset.index) }) : command('pass')));
      b.textContent = `Hint: ${h.tries} tries of each of ${h.candidates} candidates`;
    } catch (e) {
      showError(e);
      b.textContent = 'Hint: the best three';
    }
    b.disabled = false;
  }

  // the log in words; the notation ({MASAB +1}, [1024]) and the rule each
  // line cites behind the toggle
  function renderLog() {
    const raw = $('#notation').checked;
    const shown = lines.filter((l) => l.trim()).slice(-300).reverse();
    $('#log').innerHTML = shown.map((l) => {
      const m = l.match(/^(.*?)(\s*[[(][^[\]()]*(?:#|\.txt)[^[\]()]*[\])])?\s*$/);
      let text = m ? m[1] : l;
      if (!raw) text = text.replace(/\s*\{[^{}]*\}/g, '').replace(/\s*\[-?\d+\]/g, '').replace(/\s{2,}/g, ' ');
      return `<li>${esc(text)}${raw && m && m[2] ? `<span class="rule">${esc(m[2])}</span>` : ''}</li>`;
    }).join('');
  }
  $('#notation').addEventListener('change', renderLog);

  $('#undo').addEventListener('click', () => command('undo', { n: 1 }));
  $('#redo').addEventListener('click', () => command('redo', { n: 1 }));

  // ---- the sim panel ----
  $('#sim-form').addEventListener('submit', async (ev) => {
    ev.preventDefault();
    const n = Number($('#sim-n').value) || 500;
    $('#sim-run').disabled = true;
    simAt = state.fight.entries;
    try {
      const job = await api('POST', `/api/fights/${fightId}/sim`, { n });
      let r;
      do {
        await new Promise((ok) => setTimeout(ok, 150));
        r = await api('GET', `/api/fights/${fightId}/sim/${job.id}`);
        $('#sim-progress').value = r.done / r.n;
      } while (!r.finished);
      drawSim(r);
      $('#sim-stale').hidden = simAt === state.fight.entries;
      $('#sim-result').classList.toggle('outdated', !$('#sim-stale').hidden);
    } catch (e) { showError(e); }
    $('#sim-run').disabled = false;
  });

  const NS = 'http://www.w3.org/2000/svg';
  function svgEl(svg, name, attrs, text) {
    const el = document.createElementNS(NS, name);
    for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, v);
    if (text !== undefined) el.textContent = text;
    svg.appendChild(el);
    return el;
  }

  function drawSim(r) {
    $('#sim-result').hidden = false;
    const colors = ['#4f8ff7', '#e5605a', '#5ec27f', '#c58af9'];
    const wins = $('#sim-wins');
    wins.innerHTML = '';
    wins.setAttribute('viewBox', '0 0 300 150');
    const rows = Object.entries(r.wins).concat([['draw', r.draws]]);
    rows.forEach(([side, n], i) => {
      const y = 14 + i * (120 / rows.length), h = Math.min(22, 100 / rows.length), w = 190 * n / r.done;
      svgEl(wins, 'text', { x: 4, y: y + h * 0.7 }, side);
      svgEl(wins, 'rect', { x: 60, y, width: Math.max(w, 1), height: h, rx: 3, fill: side === 'draw' ? '#98a2b3' : colors[i % 4], class: 'winbar', 'data-side': side, 'data-share': (n / r.done).toFixed(4) });
      svgEl(wins, 'text', { x: 64 + w, y: y + h * 0.7 }, `${(100 * n / r.done).toFixed(1)}%`);
    });
    const hist = $('#sim-hist');
    hist.innerHTML = '';
    hist.setAttribute('viewBox', '0 0 300 150');
    const hs = r.rounds_histogram, max = Math.max(1, ...hs), bw = 280 / Math.max(hs.length, 1);
    hs.forEach((n, i) => {
      const h = 110 * n / max;
      svgEl(hist, 'rect', { x: 10 + i * bw, y: 125 - h, width: Math.max(bw - 2, 1), height: h, rx: 2, fill: '#f2b84b', class: 'histbar', 'data-round': i + 1, 'data-count': n });
      if (hs.length <= 20 || i % 5 === 0) svgEl(hist, 'text', { x: 10 + i * bw + bw / 2 - 3, y: 140 }, String(i + 1));
    });
    svgEl(hist, 'text', { x: 200, y: 14 }, 'rounds');
    $('#sim-summary').textContent = `${r.done} fights played on from here · ${r.mean_rounds.toFixed(1)} rounds on average`;
  }

  loadLists().then(() => open(fightId)).catch((e) => { document.body.insertAdjacentHTML('beforeend', `<p class="error">${esc(e.message)}</p>`); });
})();
