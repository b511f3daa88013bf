// fray serve in a real browser: playwright-core drives Debian's chromium
// (/usr/bin/chromium; no browser is downloaded). For each bundled duel
// (examples/*-duel.json, whatever rulesets exist) it plays the whole fight
// through the page: choosing actions by their buttons, entering dice in the
// roll box (and letting fray roll), undo and redo, the sim panel; it checks
// the DOM against the API, saves screenshots (a laptop and a phone), and a
// second browser context on the same fight must see every change live (by
// the event stream, without reloading).
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
const duels = readdirSync('examples').filter((f) => f.endsWith('-duel.json')).sort();
ok(duels.length > 0, 'no examples/*-duel.json');
for (const file of duels) {
  const name = file.replace(/\.json$/, '');
  const ruleset = JSON.parse(readFileSync(join('examples', file), 'utf8')).ruleset;
  const created = await api('POST', '/api/fights', { example: name, seed: 21, name: 'browser ' + name });
  const id = created.fight.id;
  const gm = await browser.newContext({ viewport: { width: 1366, height: 900 } });
  const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
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
  await gm.close();
  await phone.close();
}
await browser.close();
server.kill('SIGTERM');
await new Promise((r) => server.on('exit', r));
rmSync(tmp, { recursive: true, force: true });
console.log(`${pass} passed, ${fail} failed`);
process.exit(fail ? 1 : 0);
