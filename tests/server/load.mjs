// fray serve under load, on loopback only: CLIENTS concurrent clients over
// FIGHTS fights (every side gm, so every action is a command), each client
// reading the state and posting the command the fight waits for, with the
// `at` it read; bounded by ROUNDS per client and SECONDS in all. Checks: no
// request failed (only 200, and 409 for a stale `at` or 422 once a fight is
// over, are expected), and per fight the journal holds exactly as many
// entries as commands were answered 200: none lost, none taken twice.
// usage: node load.mjs BASE_URL [CLIENTS FIGHTS ROUNDS SECONDS]
import { readdirSync, readFileSync } from 'node:fs';

const [base, C = '64', F = '16', R = '60', S = '60'] = process.argv.slice(2);
const CLIENTS = Number(C), FIGHTS = Number(F), ROUNDS = Number(R), SECONDS = Number(S);
if (!/^http:\/\/127\.[0-9.]+:[0-9]+$/.test(base)) {
  console.log('FAIL: the load test runs on loopback (127.x) only, not ' + base);
  process.exit(1);
}
const call = async (method, path, body) => {
  const r = await fetch(base + path, { method, body: body && JSON.stringify(body) });
  return { status: r.status, json: await r.json() };
};

const examples = readdirSync('examples').filter((f) => f.endsWith('.json')).sort();
const fights = [];
for (let i = 0; i < FIGHTS; i++) {
  const file = examples[i % examples.length];
  const enc = JSON.parse(readFileSync('examples/' + file, 'utf8'));
  const sides = [...new Set(enc.combatants.map((c) => c.side))];
  const r = await call('POST', '/api/fights', {
    example: file.replace(/\.json$/, ''), seed: 1000 + i, name: `load ${i}`,
    control: sides.map((s) => `${s}=gm`).join(','),
  });
  if (r.status !== 201) { console.log('FAIL: create: ' + JSON.stringify(r.json)); process.exit(1); }
  fights.push({ id: r.json.fight.id, ok: 0 });
}

const count = { read: 0, command: 0, ok: 0, stale: 0, refused: 0, error: 0 };
const errors = [];
const deadline = Date.now() + SECONDS * 1000;
async function client(k) {
  let seed = k * 7919 + 1;
  const rand = (n) => { seed = (seed * 1103515245 + 12345) % 2147483648; return seed % n; };
  for (let i = 0; i < ROUNDS && Date.now() < deadline; i++) {
    const f = fights[(k + i) % FIGHTS];
    try {
      const s = await call('GET', `/api/fights/${f.id}`);
      count.read++;
      if (s.status !== 200) { count.error++; errors.push(`GET ${s.status} ${JSON.stringify(s.json)}`); continue; }
      const q = s.json.question, at = s.json.fight.entries;
      let path, body;
      if (q.kind === 'action') { path = 'do'; body = { action: 1 + rand(q.actions.length), at }; }
      else if (q.kind === 'die') { path = 'roll'; body = rand(2) ? { at } : { value: 1 + rand(q.sides), at }; }
      else if (q.kind === 'answer') { path = 'answer'; body = { answer: q.options[0].number, at }; }
      else continue;
      const r = await call('POST', `/api/fights/${f.id}/${path}`, body);
      count.command++;
      if (r.status === 200) { count.ok++; f.ok++; }
      else if (r.status === 409) count.stale++;
      else if (r.status === 422 && /not wait|nothing to|over/.test(r.json.error)) count.refused++;
      else { count.error++; errors.push(`${path} ${r.status} ${JSON.stringify(r.json)}`); }
    } catch (e) {
      count.error++;
      errors.push(String(e));
    }
  }
}
const t0 = Date.now();
await Promise.all(Array.from({ length: CLIENTS }, (_, k) => client(k)));
const secs = (Date.now() - t0) / 1000;

let lost = 0;
for (const f of fights) {
  const s = await call('GET', `/api/fights/${f.id}`);
  if (s.json.fight.entries !== f.ok) {
    lost++;
    errors.push(`fight ${f.id}: ${s.json.fight.entries} journal entries, ${f.ok} commands answered 200`);
  }
}
const reqs = count.read + count.command;
console.log(`${CLIENTS} clients, ${FIGHTS} fights, ${secs.toFixed(1)} s: ${reqs} requests, ` +
  `${(reqs / secs).toFixed(0)} requests/s; ${count.ok} commands taken, ${count.stale} stale (409), ` +
  `${count.refused} refused after the end, ${count.error} errors`);
for (const e of errors.slice(0, 10)) console.log('FAIL: ' + e);
const pass = count.error === 0 && lost === 0 && count.ok > 0;
console.log(pass ? '1 passed, 0 failed' : '0 passed, 1 failed');
process.exit(pass ? 0 : 1);
