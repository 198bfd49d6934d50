// A talk of real length for the storage and memory tests: 400 caption cues, about 24 KB of text,
// like the soak's "transcripts of real length" (an 81 KB REST answer). Deterministic per video id,
// so a refetch returns the same transcript, and different per id, so compression cannot cheat by
// finding one talk repeated across the whole cache.

const WORDS = (
  'the of and to a in is that it was for on are as with his they at be this from have or by one had not but what ' +
  'all were when we there can an your which their said if do will each about how up out them then she many some so ' +
  'these would other into has more her two like him see time could no make than first been its who now people my made ' +
  'over did down only way find use may water long little very after words called just where most know get through back ' +
  'much before go good new write our used me man too any day same right look think also around another came come work ' +
  'three word must because does part even place well such here take why things help put years different away again off ' +
  'went old number great tell men say small every found still between name should home big give air line set own under ' +
  'read last never us left end along while might next sound below saw something thought both few those always looked show ' +
  'large often together asked house world going want school important until form food keep children feet land side without ' +
  'boy once animals life enough took sometimes four head above kind began almost live page got earth need far hand high ' +
  'year mother light parts country father let night following picture being study second eyes soon times story boys since ' +
  'white days ever paper hard near sentence better best across during today others sure means knew its try told young miles'
).split(' ');

export const REAL_LENGTH_CUES = 400;

/** mulberry32: a tiny seeded generator, enough to make every id's talk its own. */
function generator(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function seedOf(id: string): number {
  let h = 2166136261;
  for (const c of id) h = Math.imul(h ^ c.charCodeAt(0), 16777619);
  return h >>> 0;
}

/** The talk's cues: about 60 characters each, 2–4 s apart, the way manual captions come. */
export function realLengthCues(id: string): { startMs: number; durationMs: number; text: string }[] {
  const next = generator(seedOf(id));
  const cues: { startMs: number; durationMs: number; text: string }[] = [];
  let at = 0;
  for (let i = 0; i < REAL_LENGTH_CUES; i++) {
    const words: string[] = [];
    while (words.join(' ').length < 56) words.push(WORDS[Math.floor(next() * WORDS.length)] as string);
    const text = words.join(' ');
    const durationMs = 2000 + Math.floor(next() * 2000);
    cues.push({ startMs: at, durationMs, text: `${text.charAt(0).toUpperCase()}${text.slice(1)}.` });
    at += durationMs;
  }
  return cues;
}

/** The talk as YouTube's srv3 caption body (manual track shape: one `<p>` per cue). */
export function realLengthSrv3(id: string): string {
  const body = realLengthCues(id)
    .map((c) => `<p t="${c.startMs}" d="${c.durationMs}">${c.text}</p>`)
    .join('\n');
  return `<?xml version="1.0" encoding="utf-8" ?><timedtext format="3">\n<body>\n${body}\n</body>\n</timedtext>\n`;
}
