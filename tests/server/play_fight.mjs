// Plays one served fight to its end over HTTP, the way a client that always
// takes the first offer would: the first legal action, the die's roll left
// to fray on even steps and its highest face entered on odd ones, the first
// option of a question. One process for the whole fight: tests/cli/
// serve_api.sh once started curl and jq at every step, and its five fights
// spent their time starting processes.
// usage: node play_fight.mjs BASE ID [STEPS]
// exit 0 when the fight is over (or after STEPS commands, when given), 1 with
// a FAIL line (the step, its question, the status and the answer)
const [base, id, steps] = process.argv.slice(2);
const fail = (what) => { console.log(`FAIL: ${id}: ${what}`); process.exit(1); };
const MAX_STEPS = 600;
for (let n = 0; n < MAX_STEPS; n++) {
  if (steps !== undefined && n === Number(steps)) process.exit(0);
  const got = await fetch(`${base}/api/fights/${id}`);
  if (got.status !== 200) fail(`step ${n}: GET answered ${got.status} ${await got.text()}`);
  const f = await got.json();
  const q = f.question, at = f.fight.entries;
  let verb, body;
  switch (q.kind) {
    case 'over': process.exit(0);
    case 'action': verb = 'do'; body = { action: 1, at }; break;
    case 'die': verb = 'roll'; body = n % 2 === 0 ? { at } : { value: q.sides, at }; break;
    case 'answer': verb = 'answer'; body = { answer: q.options[0].number, at }; break;
    default: fail(`step ${n}: a question of kind ${q.kind}`);
  }
  const r = await fetch(`${base}/api/fights/${id}/${verb}`, {
    method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body),
  });
  if (r.status !== 200) fail(`step ${n} (${q.kind}): ${r.status} ${await r.text()}`);
}
fail(`not over after ${MAX_STEPS} commands`);
