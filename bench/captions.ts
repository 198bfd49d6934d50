// bench/captions: caption parsing and export throughput on a generated 3-hour YouTube timedtext
// file in the srv3 ASR layout the Android/TV clients get (a paragraph per line with a word element
// per word, append paragraphs between them). The baseline, measured in the same run, is what the
// XML library alone needs for the same bytes (validate + parse); the ratio says what our reading,
// cleanup and export add on top.
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { formatTranscript } from '#shared/format/formatters';
import { parseCaptions } from '#service/captions/index';

const HOURS = 3;
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 15);
const WORDS = ['so', 'the', 'thing', 'about', 'this', 'device', 'is', "it's", 'really', 'small', '&amp;', 'light', 'but', 'the', 'battery', 'life', 'could', 'be', 'better'];

/** One paragraph every 2.4 s, 6 to 10 words each, word offsets inside it: about 4,500 lines for 3 hours. */
function threeHourSrv3(): string {
  const parts = ['<?xml version="1.0" encoding="utf-8" ?><timedtext format="3">\n<head>\n<ws id="0"/>\n<ws id="1" mh="2" ju="0" sd="3"/>\n<wp id="0"/>\n<wp id="1" ap="6" ah="20" av="100" rc="2" cc="40"/>\n</head>\n<body>\n<w t="0" id="1" wp="1" ws="1"/>\n'];
  let n = 0;
  for (let t = 0; t < HOURS * 3_600_000; t += 2400) {
    const count = 6 + (n % 5);
    const words = Array.from({ length: count }, (_, i) => {
      const word = WORDS[(n * 7 + i) % WORDS.length] as string;
      return i === 0 ? `<s ac="0">${word}</s>` : `<s t="${i * 240}" ac="0"> ${word}</s>`;
    });
    parts.push(`<p t="${t}" d="4800" w="1">${words.join('')}</p>\n<p t="${t + 2390}" d="2410" w="1" a="1">\n</p>\n`);
    n++;
  }
  parts.push('</body>\n</timedtext>\n');
  return parts.join('');
}

function throughput(bytes: number, run: () => void): number {
  for (let i = 0; i < 3; i++) run(); // warm the JIT
  const start = process.hrtime.bigint();
  for (let i = 0; i < ROUNDS; i++) run();
  const seconds = Number(process.hrtime.bigint() - start) / 1e9;
  return (bytes * ROUNDS) / seconds / 1e6;
}

function main(): void {
  const xml = threeHourSrv3();
  const bytes = Buffer.byteLength(xml);
  const parsed = parseCaptions(xml);
  if (!parsed.ok) throw new Error(`the generated file did not parse: ${parsed.detail}`);
  const segments = parsed.segments;
  const doc = { title: 'bench', text: segments.map((s) => s.text).join('\n'), segments };

  const library = new XMLParser({ preserveOrder: true, ignoreAttributes: false, trimValues: false, parseTagValue: false, processEntities: false });
  const floor = throughput(bytes, () => {
    if (XMLValidator.validate(xml) !== true) throw new Error('invalid');
    library.parse(xml);
  });
  const parse = throughput(bytes, () => void parseCaptions(xml));
  const srt = throughput(bytes, () => {
    const result = parseCaptions(xml);
    if (!result.ok) throw new Error(result.detail);
    void formatTranscript({ ...doc, segments: result.segments }, 'srt');
  });
  const txt = throughput(bytes, () => {
    const result = parseCaptions(xml);
    if (!result.ok) throw new Error(result.detail);
    void formatTranscript({ ...doc, text: result.segments.map((s) => s.text).join('\n'), segments: result.segments }, 'txt');
  });

  const mb = (x: number) => `${x.toFixed(1).padStart(6)} MB/s`;
  console.log(`${HOURS}-hour srv3 timedtext: ${(bytes / 1e6).toFixed(2)} MB, ${segments.length} lines, ${ROUNDS} rounds each`);
  console.log(`baseline: fast-xml-parser validate + parse         ${mb(floor)}`);
  console.log(`parseCaptions (XML → cleaned Segment[])            ${mb(parse)}`);
  console.log(`parseCaptions + formatTranscript txt               ${mb(txt)}`);
  console.log(`parseCaptions + formatTranscript srt               ${mb(srt)}   (${((bytes / 1e6 / srt) * 1000).toFixed(0)} ms per 3-hour file)`);
  console.log(`ratio parse+format srt / baseline: ${(srt / floor).toFixed(2)}  (1.00 = no cost beyond the XML library)`);
}

main();
