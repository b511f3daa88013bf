// fray serve in a real browser: playwright-core drives Debian's chromium
// (/usr/bin/chromium; no browser is downloaded). For each bundled duel
// (examples/*-duel.json, whatever rulesets exist) it plays the whole fight
// through the page: choosing actions by their buttons, entering dice in the
// roll box (and letting fray roll), undo and redo, the sim panel; it checks
// the DOM against the API, saves screenshots (a laptop and a phone), and a
// second browser context on the same fight must see every change live (by
// the event stream, without reloading); once, the hint at an own turn. Then, in the same browser and
// server, the GM's tools on one fight (fiat, a refused fiat, control, add,
// a refused add, remove, a GM note, reveal, undo and redo) and its players'
// view on a phone: it never shows a hidden creature or a GM note (its DOM
// and every API answer its token gets), refuses writes, and follows the
// GM's page live.
// usage: node browser.mjs FRAY SHOTS_DIR    exit 0 pass, 1 fail, 77 skip
import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, mkdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const [fray, shots] = process.argv.slice(2);
const CHROMIUM = process.env.FRAY_CHROMIUM || '/usr/bin/chromium';
let pass = 0, fail = 0;
const ok = (cond, what) => { if (cond) pass++; else { fail++; console.log('FAIL: ' + what); } };

let chromium;
try {
  ({ chromium } = await import('playwright-core'));
} catch (e) {
  console.log('FAIL: playwright-core is not installed (scripts/setup.sh runs npm ci): ' + e.message);
  process.exit(1);
}
let browser;
try {
  browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox', '--disable-gpu'], timeout: 30000 });
} catch (e) {
  console.log(`SKIP: Chromium cannot start here (${CHROMIUM}): ${e.message.split('\n')[0]}`);
  process.exit(77);
}

mkdirSync(shots, { recursive: true });
const tmp = mkdtempSync(join(tmpdir(), 'fray-browser-'));
const server = spawn(fray, ['serve', '--db', join(tmp, 'b.db'), '--listen', '127.0.0.1:0'], { stdio: ['ignore', 'pipe', 'inherit'] });
process.on('exit', () => server.kill('SIGTERM'));
const base = await new Promise((resolve, reject) => {
  let out = '';
  server.stdout.on('data', (d) => { out += d; const m = out.match(/http:\/\/[0-9.]+:[0-9]+/); if (m) resolve(m[0]); });
  server.on('exit', (c) => reject(new Error('fray serve exited ' + c)));
  setTimeout(() => reject(new Error('fray serve did not start')), 10000);
});
const api = async (method, path, body) => {
  const r = await fetch(base + path, { method, body: body && JSON.stringify(body) });
  return r.json();
};

const entries = (page) => page.$eval('#entries [data-entries]', (e) => Number(e.dataset.entries));
// after a click: the fight's entries changed, or an error is shown
async function settle(page, before) {
  await page.waitForFunction((b) => {
    const e = document.querySelector('#entries [data-entries]');
    const err = document.querySelector('#error');
    return (e && Number(e.dataset.entries) !== b) || (err && !err.hidden);
  }, before, { timeout: 15000 });
  const err = await page.$eval('#error', (e) => (e.hidden ? '' : e.textContent));
  return err;
}

// one step through the page; returns the question's kind it answered
async function step(page, n) {
  const kind = await page.$eval('#question', (q) => q.dataset.kind);
  if (process.env.FRAY_TRACE) console.error(new Date().toISOString().slice(11, 19), n, kind);
  const before = await entries(page);
  if (kind === 'action') {
    // locators, not handles: they find the button again if the page redraws it
    const attack = page.locator('#question .action-btn.attack');
    const group = page.locator('#question details.group');
    const other = page.locator('#question > .actions .action-btn[data-index]');
    if (await attack.count()) {
      await attack.first().click();
    } else if (await group.count() && (n % 4 !== 3 || !(await other.count()))) {
      // no attack now: move toward the fight (the first place of the first kind of move)
      await group.first().evaluate((d) => { d.open = true; });
      await group.first().locator('.action-btn').first().click();
    } else if (await other.count()) {
      await other.first().click();
    } else {
      await page.click('#pass');
    }
  } else if (kind === 'die') {
    if (n % 2 === 0) {
      const max = Number(await page.$eval('#die-input', (i) => i.max));
      await page.fill('#die-input', String(1 + (n * 7) % max));
      await page.click('#die-submit');
    } else {
      await page.click('#die-roll');
    }
  } else if (kind === 'answer') {
    await page.click('#question .answer-btn');
  } else {
    return kind;
  }
  const err = await settle(page, before);
  ok(!err, `step ${n} (${kind}): the page shows an error: ${err}`);
  return err ? 'error' : kind;
}

process.on('unhandledRejection', (e) => {
  console.log('FAIL: ' + (e && e.stack ? e.stack.split('\n').slice(0, 3).join(' ') : e));
  server.kill('SIGTERM');
  process.exit(1);
});
// ---- the GM's tools and the players' view ----
async function gmTools(gm, phone) {
  const t0 = Date.now();
  const lap = (what) => process.env.FRAY_TRACE && console.error(`gm tools: ${what} at ${Date.now() - t0} ms`); // where the time goes
  const enc = JSON.parse(readFileSync('examples/energy-duel.json', 'utf8'));
  enc.combatants.push({ name: 'Lurker', side: 'red', at: [30, 0], facing: 4, use: 'goblin', hidden: true });
  const made = await api('POST', '/api/fights', { encounter: enc, seed: 5, name: 'browser gm tools' });
  const id = made.fight.id, ptok = made.player_token;
  ok(/^[0-9a-f]{32}$/.test(ptok || ''), "the GM's state has the players' token");
  const NOTE = 'Lurker waits behind the door';
  const secret = (text, what) => ok(!/Lurker|behind the door/.test(text), `players' view: ${what} shows the hidden creature or the note: ${text.slice(0, 300)}`);
  const asPlayer = async (method, path, body) => {
    const r = await fetch(base + path, { method, headers: { Authorization: 'Bearer ' + ptok }, body: body && JSON.stringify(body) });
    return { status: r.status, text: await r.text() };
  };
  // every API answer the players' token gets, and its stream's first burst
  async function playerApi(what) {
    for (const p of ['', '/actions', '/log', '/narration']) {
      const r = await asPlayer('GET', `/api/fights/${id}${p}`);
      ok(r.status === 200, `${what}: GET ${p || 'fight'} with the players' token: ${r.status}`);
      secret(r.text, `${what}: GET ${p || 'fight'}`);
    }
    const ac = new AbortController();
    const r = await fetch(`${base}/api/fights/${id}/events?token=${ptok}`, { signal: ac.signal });
    const rd = r.body.getReader();
    let text = '';
    while (!/event: state/.test(text)) { const { value, done } = await rd.read(); if (done) break; text += new TextDecoder().decode(value); }
    ac.abort();
    ok(/event: log/.test(text), `${what}: the players' stream sends the log`);
    secret(text, `${what}: the event stream`);
  }

  const page = await gm.newPage(), view = await phone.newPage();
  const errors = [];
  for (const p of [page, view]) { p.setDefaultTimeout(20000); p.on('pageerror', (e) => errors.push(e.message)); }
  lap("GM page");
  await page.goto(`${base}/?fight=${id}`);
  await page.waitForSelector('.card[data-name="Lurker"] .reveal-btn');
  const link = await page.$eval('#player-link', (a) => a.href);
  ok(link.endsWith(`#player=${ptok}`) && link.includes('view=player'), `the page's players' link: ${link}`);
  lap("players' page");
  await view.goto(link);
  await view.waitForSelector('.card');
  await view.waitForSelector('#live.on', { timeout: 10000 });
  ok(await view.evaluate(() => location.hash === '' && Object.keys(sessionStorage).some((k) => k.startsWith('fray-player'))),
    "the players' token is kept for the tab, not in the address");
  ok(!(await view.isVisible('#fiat-form')) && !(await view.isVisible('#undo')) && !(await view.isVisible('#new-open')),
    "no GM tool shows in the players' view");
  const follows = async (what) => {
    const want = await entries(page);
    await view.waitForFunction((e) => Number(document.querySelector('#entries [data-entries]')?.dataset.entries) === e, want, { timeout: 15000 })
      .then(() => ok(true), () => ok(false, `players' view did not follow live: ${what}`));
  };
  const playerDom = async (what) => secret(await view.evaluate(() => document.body.innerText + document.body.innerHTML), `${what}: the page`);
  await playerDom('at the start');
  await playerApi('at the start');

  lap("refused writes");
  // writes with the players' token are refused and change nothing
  const before = (await api('GET', `/api/fights/${id}`)).fight.entries;
  for (const [m, p, b] of [['POST', '/fiat', { kind: 'damage', who: 'Grok', amount: 1 }], ['POST', '/undo', {}],
    ['POST', '/creatures', { name: 'W', side: 'red', creature: 'wolf' }], ['DELETE', '/creatures/Grok'], ['POST', '/sim', { n: 10 }], ['POST', '/do', { action: 1 }]]) {
    const r = await asPlayer(m, `/api/fights/${id}${p}`, b);
    ok(r.status === 403, `players' token: ${m} ${p} is ${r.status}, not 403`);
  }
  ok((await api('GET', `/api/fights/${id}`)).fight.entries === before, 'the refused writes changed nothing');
  const head = await fetch(`${base}/api/fights/${id}`, { method: 'HEAD' });
  ok(head.status === 200 && (await head.text()) === '', `HEAD on a GET route: ${head.status}`);

  lap("note");
  // a GM note: in the GM's list, never in the players' view
  await page.fill('#note-text', NOTE);
  let e0 = await entries(page);
  await page.click('#note-go');
  ok(!(await settle(page, e0)), 'the GM note was refused');
  await page.waitForSelector('#notes li');
  ok((await page.$eval('#notes', (n) => n.textContent)).includes(NOTE), "the GM's page lists the note");
  await follows('note');
  await playerDom('after the note');
  await playerApi('after the note');

  lap("fiat");
  // fiat: damage through the form
  const hp0 = (await api('GET', `/api/fights/${id}`)).creatures.find((c) => c.name === 'Grok');
  // the fiat form: its fields by name (#fiat-NAME), then Apply; the error shown, or ''
  const fiat = async (fields) => {
    for (const [k, v] of Object.entries(fields)) {
      const sel = `#fiat-${k}`;
      if ((await page.$eval(sel, (x) => x.tagName)) === 'SELECT') await page.selectOption(sel, v);
      else await page.fill(sel, v);
    }
    const before = await entries(page);
    await page.click('#fiat-go');
    return [await settle(page, before), (await entries(page)) - before];
  };
  ok(!(await fiat({ kind: 'damage', who: 'Grok', amount: '2' }))[0], 'damage by fiat was refused');
  const hp1 = (await api('GET', `/api/fights/${id}`)).creatures.find((c) => c.name === 'Grok');
  ok(JSON.stringify(hp1.resources) !== JSON.stringify(hp0.resources), 'damage by fiat changed Grok');
  await follows('fiat');
  ok(await page.$eval('#redo', (b) => b.disabled), 'redo is disabled with nothing to redo');
  // a refused fiat: play's reason, nothing changes
  const [why, more] = await fiat({ kind: 'set', who: 'Grok', resource: 'Aura', value: '-5' });
  ok(why && more === 0, `a refused fiat shows why (${why}) and changes nothing`);

  lap("control");
  // control: hand Grok to the GM and back to the policy
  await page.selectOption('.ctl-select[data-name="Grok"]', 'gm');
  await page.waitForFunction(() => document.querySelector('.card[data-name="Grok"] .ctl')?.textContent === 'gm');
  ok((await api('GET', `/api/fights/${id}`)).creatures.find((c) => c.name === 'Grok').controller === 'gm', "control: Grok is the GM's");
  await page.selectOption('.ctl-select[data-name="Grok"]', 'policy');
  await page.waitForFunction(() => document.querySelector('.card[data-name="Grok"] .ctl')?.textContent === 'policy');

  lap("add and remove");
  // add and remove; a refused add
  await page.fill('#add-name', 'Wolfie');
  await page.fill('#add-side', 'red');
  await page.fill('#add-creature', 'wolf');
  await page.fill('#add-x', '12');
  await page.click('#add-go');
  await page.waitForSelector('.card[data-name="Wolfie"]');
  await view.waitForSelector('.card[data-name="Wolfie"]', { timeout: 15000 }).then(() => ok(true), () => ok(false, "the players' view did not show the added creature live"));
  await page.fill('#add-name', 'Nobody');
  await page.fill('#add-creature', 'no-such-beast');
  e0 = await entries(page);
  await page.click('#add-go');
  await page.waitForSelector('#error:not([hidden])');
  ok((await entries(page)) === e0 && !(await page.$('.card[data-name="Nobody"]')), 'a refused add changed nothing');
  await page.click('.remove-btn[data-name="Wolfie"]');
  await page.waitForSelector('.card[data-name="Wolfie"][data-status="gone"]');
  await view.waitForSelector('.card[data-name="Wolfie"][data-status="gone"]', { timeout: 15000 }).then(() => ok(true), () => ok(false, "the players' view did not follow the removal"));

  lap("sim");
  // the sim goes out of date once the fight moves on
  await page.fill('#sim-n', '40');
  await page.click('#sim-run');
  await page.waitForSelector('#sim-result:not([hidden]) .winbar', { timeout: 30000 });
  ok(await page.$eval('#sim-stale', (x) => x.hidden), 'a fresh sim is not marked out of date');
  await fiat({ kind: 'heal', who: 'Grok', amount: '1' });
  await page.waitForSelector('#sim-stale:not([hidden])');
  // the log in words; the notation behind the toggle
  const logText = await page.$eval('#log', (l) => l.textContent);
  ok(!/\{[A-Z]+[^}]*\}|\[\d+\]/.test(logText), `the log shows notation without the toggle: ${logText.slice(0, 200)}`);

  await follows('GM tools');
  await playerDom('after the GM tools');
  await playerApi('after the GM tools');
  lap("screenshots");
  // screenshots for docs/play.md: GM and players, desktop and phone
  await page.screenshot({ path: join(shots, 'gm-desktop.png') });
  await view.screenshot({ path: join(shots, 'player-phone.png'), fullPage: true });

  lap("reveal");
  // reveal: the players see Lurker from now on, live
  await page.click('.reveal-btn[data-name="Lurker"]');
  await view.waitForSelector('.card[data-name="Lurker"]', { timeout: 15000 }).then(() => ok(true), () => ok(false, "the players' view did not show Lurker once revealed"));
  const shown = await asPlayer('GET', `/api/fights/${id}`);
  ok(JSON.parse(shown.text).creatures.some((c) => c.name === 'Lurker'), "the players' API shows Lurker once revealed");
  ok(!shown.text.includes(NOTE), "the note stays the GM's after the reveal");
  // undo takes the reveal back (hidden again for the players), and redo is enabled
  e0 = await entries(page);
  await page.click('#undo');
  await settle(page, e0);
  await view.waitForFunction(() => !document.querySelector('.card[data-name="Lurker"]'), null, { timeout: 15000 })
    .then(() => ok(true), () => ok(false, 'undoing the reveal did not hide Lurker again'));
  ok(!(await page.$eval('#redo', (b) => b.disabled)), 'redo is enabled after an undo');
  await page.click('#redo');
  await settle(page, e0 - 1);
  await view.waitForSelector('.card[data-name="Lurker"]', { timeout: 15000 });

  lap("phone");
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: join(shots, 'gm-phone.png'), fullPage: true });
  const desk = await gm.newPage();
  await desk.goto(link);
  await desk.waitForSelector('.card[data-name="Lurker"]');
  await desk.screenshot({ path: join(shots, 'player-desktop.png') });
  ok(errors.length === 0, `GM tools: page errors: ${errors.join('; ')}`);
  await Promise.all([page.close(), view.close(), desk.close()]);
  console.log(`gm tools and players' view: ${((Date.now() - t0) / 1000).toFixed(1)} s`);
}

const duels = readdirSync('examples').filter((f) => f.endsWith('-duel.json')).sort();
ok(duels.length > 0, 'no examples/*-duel.json');
// two contexts for the whole run (a laptop, a phone), a new tab in each per fight
const gm = await browser.newContext({ viewport: { width: 1366, height: 900 } });
const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
let hinted = false;
for (const file of duels) {
  const name = file.replace(/\.json$/, '');
  const ruleset = JSON.parse(readFileSync(join('examples', file), 'utf8')).ruleset;
  const created = await api('POST', '/api/fights', { example: name, seed: 21, name: 'browser ' + name });
  const id = created.fight.id;
  const page = await gm.newPage();
  const watch = await phone.newPage();
  page.setDefaultTimeout(20000);
  watch.setDefaultTimeout(20000);
  const errors = [];
  page.on('pageerror', (e) => errors.push(e.message));
  watch.on('pageerror', (e) => errors.push(e.message));
  await page.goto(`${base}/?fight=${id}`);
  await watch.goto(`${base}/?fight=${id}`);
  await page.waitForSelector('.card');
  await watch.waitForSelector('.card');
  await watch.waitForSelector('#live.on', { timeout: 10000 });

  // the DOM shows what the API says
  const st = await api('GET', `/api/fights/${id}`);
  ok((await page.$$('.card')).length === st.creatures.length, `${name}: a card per creature`);
  for (const c of st.creatures)
    ok(await page.$(`.card[data-name="${c.name}"][data-status="${c.status}"]`), `${name}: card of ${c.name} (${c.status})`);
  ok((await page.$eval('#ruleset', (e) => e.textContent)) === ruleset, `${name}: ruleset shown`);
  if (st.question.kind === 'action') {
    const btns = await page.$$('#question .action-btn[data-index]');
    ok(btns.length === st.question.actions.length, `${name}: a button per legal action (${btns.length} vs ${st.question.actions.length})`);
  }
  await page.screenshot({ path: join(shots, `${ruleset}-start-laptop.png`), fullPage: true });
  // the hint (issue 35, Done when 3), once, at the first own turn asked at
  // the start: three actions with win shares inside their 95% intervals;
  // the policy's own choice among them agrees with a sim of the same state
  // (the sim plays that creature by the policy too) within its interval;
  // Take does the action
  if (!hinted && st.question.kind === 'action' && !st.question.trigger) {
    hinted = true;
    await page.click('#hint-btn');
    await page.waitForSelector('#hints li', { timeout: 60000 });
    const rows = await page.$$eval('#hints li', (ls) => ls.map((l) => ({ index: Number(l.dataset.index),
      win: Number(l.dataset.win), lo: Number(l.dataset.lo), hi: Number(l.dataset.hi), policy: !!l.querySelector('.hint'),
      text: l.textContent.replace(/\s+/g, ' ').trim() })));
    // the three best, and the policy's own choice below them when it ranks lower
    ok(rows.length === 3 || (rows.length === 4 && rows[3].policy), `${name}: the hint shows three actions (${rows.length})`);
    ok(rows.every((r) => r.lo <= r.win && r.win <= r.hi), `${name}: each hint's win share is inside its interval`);
    ok(rows.every((r) => /win \d+\.\d% \[/.test(r.text)), `${name}: each hint shows its win chance: ${rows.map((r) => r.text).join(' | ')}`);
    const mine = rows.find((r) => r.policy);
    ok(mine, `${name}: the policy's own choice is shown (${rows.map((r) => r.text).join(' | ')})`);
    const side = st.creatures.find((c) => c.name === st.question.who).side;
    const job = await api('POST', `/api/fights/${id}/sim`, { n: 400 });
    let sim;
    for (let k = 0; k < 600 && !(sim && sim.finished); k++) {
      await new Promise((r) => setTimeout(r, 100));
      sim = await api('GET', `/api/fights/${id}/sim/${job.id}`);
    }
    const share = sim.wins[side] / sim.n;
    ok(mine && mine.lo <= share && share <= mine.hi,
      `${name}: a sim of 400 from here gives ${side} ${(100 * share).toFixed(1)}%, outside the policy's hint [${mine && mine.lo}, ${mine && mine.hi}]`);
    const e0 = await entries(page);
    await page.click('#hints li:first-child .take');
    await settle(page, e0);
    ok((await entries(page)) === e0 + 1, `${name}: Take did the hint's action`);
  }

  // play: the first commands, then undo and redo through the buttons
  let n = 0, kind = '', dice = 0, actions = 0;
  for (; n < 3; n++) { kind = await step(page, n); if (kind === 'die') dice++; if (kind === 'action') actions++; }
  const e1 = await entries(page);
  await page.click('#undo');
  await settle(page, e1);
  ok((await entries(page)) === e1 - 1, `${name}: undo took one entry back`);
  await page.click('#redo');
  await settle(page, e1 - 1);
  ok((await entries(page)) === e1, `${name}: redo put it back`);
  // the sim panel from the present
  await page.fill('#sim-n', '200');
  await page.click('#sim-run');
  await page.waitForSelector('#sim-result:not([hidden]) .winbar', { timeout: 30000 });
  const shares = await page.$$eval('#sim-wins .winbar', (b) => b.map((x) => Number(x.dataset.share)));
  ok(shares.length === st.sides.length + 1, `${name}: a win bar per side and draws`);
  ok(Math.abs(shares.reduce((a, b) => a + b, 0) - 1) < 0.001, `${name}: the win shares add up to 1`);
  const hist = await page.$$eval('#sim-hist .histbar', (b) => b.reduce((a, x) => a + Number(x.dataset.count), 0));
  ok(hist === 200, `${name}: the rounds histogram counts 200 fights (${hist})`);
  await page.screenshot({ path: join(shots, `${ruleset}-sim-laptop.png`), fullPage: true });
  await watch.screenshot({ path: join(shots, `${ruleset}-live-phone.png`) });

  // the rest of the fight
  for (; n < 800 && kind !== 'over' && kind !== 'error'; n++) {
    kind = await step(page, n);
    if (kind === 'die') dice++;
    if (kind === 'action') actions++;
  }
  ok(kind === 'over', `${name}: the fight is over after ${n} commands through the page (${kind})`);
  ok(dice > 0, `${name}: a die was entered through the page`);
  ok(actions > 0, `${name}: actions were chosen through the page`);
  const end = await api('GET', `/api/fights/${id}`);
  const shown = await page.$eval('#winner', (w) => w.dataset.winner).catch(() => null);
  ok(shown === (end.question.winner || ''), `${name}: the page's winner (${shown}) is the API's (${end.question.winner})`);
  // the second context saw it all live
  await watch.waitForFunction((e) => {
    const x = document.querySelector('#entries [data-entries]');
    return x && Number(x.dataset.entries) === e && document.querySelector('#winner');
  }, end.fight.entries, { timeout: 15000 }).then(() => ok(true), () => ok(false, `${name}: the second context did not follow live`));
  ok(errors.length === 0, `${name}: page errors: ${errors.join('; ')}`);
  await page.screenshot({ path: join(shots, `${ruleset}-over-laptop.png`), fullPage: true });
  await watch.screenshot({ path: join(shots, `${ruleset}-over-phone.png`), fullPage: true });
  console.log(`${name}: ${n} commands (${actions} actions, ${dice} rolls entered), winner ${end.question.winner}`);
  await Promise.all([page.close(), watch.close()]);
}
await gmTools(gm, phone);
await browser.close();
server.kill('SIGTERM');
await new Promise((r) => server.on('exit', r));
rmSync(tmp, { recursive: true, force: true });
console.log(`${pass} passed, ${fail} failed`);
process.exit(fail ? 1 : 0);
