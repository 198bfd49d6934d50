// The single-pass caption reader against the reader it replaced (test/helpers/captionsOracle.ts:
// fast-xml-parser, the regular-expression cleanup): the same segments and the same refusals on every
// recorded caption body and on generated ones, and never a throw. The recorded bodies in
// /work/shared/upstream-samples are byte-identical copies of test/fixtures/youtube/timedtext-srv1-fixture.xml
// and test/fixtures/podcast/transcript-podcastindex-example.vtt, so the fixtures cover them.
import { readdirSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseCaptions, type CaptionParse } from '#service/captions/index';
import { cleanCaptionLine } from '#service/captions/text';
import { oracleCleanCaptionLine, oracleParseCaptions } from '../helpers/captionsOracle';
import { realLengthSrv3 } from '../upstream/realLength';

const FIXTURES = resolve(__dirname, '../fixtures');

/**
 * What a caller sees of a parse: the problem kind, not the wording of its detail; the lines without
 * their words (json3 word timing is newer than the old reader; captions.test.ts checks it).
 */
const seen = (result: CaptionParse) => (result.ok ? { ...result, segments: result.segments.map(({ words: _, ...line }) => line) } : { ok: false, problem: result.problem });

function sameAsOracle(body: string): void {
  expect(seen(parseCaptions(body))).toEqual(seen(oracleParseCaptions(body)));
}

describe('recorded caption bodies', () => {
  const files = [
    ...readdirSync(resolve(FIXTURES, 'captions'))
      .filter((name) => !name.endsWith('.md'))
      .map((name) => `captions/${name}`),
    'youtube/timedtext-srv1-fixture.xml',
    'podcast/transcript-podcastindex-example.vtt',
  ];

  it.each(files)('%s reads as it did', (file) => {
    const body = readFileSync(resolve(FIXTURES, file), 'utf8');
    const result = parseCaptions(body);
    expect(result.ok && result.segments.length).toBeGreaterThan(0);
    sameAsOracle(body);
    // Windows line ends and a byte order mark change nothing either.
    sameAsOracle(`\ufeff${body.replace(/\n/g, '\r\n')}`);
  });

  it('reads the fixture upstream’s talks of real length (srv3 manual tracks) as it did', () => {
    for (const id of ['longTalk001', 'a', 'dQw4w9WgXcQ']) sameAsOracle(realLengthSrv3(id));
  });

  it('refuses every cut-off copy of the recorded XML bodies, as before', () => {
    for (const file of ['captions/srv3-asr.xml', 'captions/srv3-manual.xml', 'youtube/timedtext-srv1-fixture.xml']) {
      const body = readFileSync(resolve(FIXTURES, file), 'utf8');
      const end = body.trimEnd().length;
      for (let cut = 1; cut < end; cut++) {
        const part = body.slice(0, cut);
        expect(parseCaptions(part).ok, `${file} cut at ${cut}`).toBe(false);
        sameAsOracle(part);
      }
    }
  });
});

// Generated timedtext: the layouts YouTube serves (srv1, srv3 manual and ASR), with the text and
// markup real bodies hold (entities, double escaping, escaped and real tags, <br>, CDATA, comments,
// processing instructions, odd spacing and quoting, unreadable times), then broken in the ways
// bodies break (cut off, a character lost or added, a tag left open).
const word = fc.constantFrom('hey', 'guys', 'it&#39;s', '&amp;', 'AT&amp;T', '&amp;#39;Just&amp;#39;', '&lt;i&gt;Type&lt;/i&gt;', '&amp;lt;b&amp;gt;', '&nbsp;', '&#x41;', '&hellip;', '&notanentity;', '&lrm;', 'a &gt; b', '[Music]', 'naïve', '日本語', '\u200b', '😀', '$399.', '>', '"q"', "'s", '&#10;', '&quot;');
const space = fc.constantFrom(' ', ' ', ' ', '', '\n', '\r\n', '\t', '  ');
const words = fc.array(fc.tuple(space, word), { maxLength: 6 }).map((parts) => parts.flat().join(''));
const quoted = (value: string) => fc.constantFrom(`"${value}"`, `"${value}"`, `'${value}'`);
const time = fc.constantFrom('0', '80', '1.54', '2400', '10799999', '', 'abc', '-5', '1e3', ' 7 ', '0x10', '3.239');
const attribute = (name: string) => fc.tuple(fc.constantFrom(' ', ' ', '\n', '  ', '\t'), fc.constantFrom('=', '=', ' = ')).chain(([lead, eq]) => time.chain(quoted).map((value) => `${lead}${name}${eq}${value}`));
const attributes = (names: string[]) =>
  fc
    .tuple(...names.map((name) => fc.option(attribute(name), { freq: 3, nil: '' })))
    .chain((parts) => fc.shuffledSubarray(parts, { minLength: parts.length, maxLength: parts.length }))
    .map((parts) => parts.join(''));
const inline: fc.Arbitrary<string> = fc.oneof(
  { weight: 6, arbitrary: words },
  { weight: 4, arbitrary: fc.tuple(attributes(['t', 'ac']), words).map(([attrs, text]) => `<s${attrs}>${text}</s>`) },
  { weight: 1, arbitrary: fc.constantFrom('<br/>', '<br />', '<br>x</br>', '<![CDATA[<i>cd</i> &amp; x]]>', '<!-- note -->', '<?pi x?>', '<i>it</i>', '<font color="#E5E5E5">f</font>', '<s/>', '<b><i>deep</i></b>') },
);
const content = fc.array(inline, { maxLength: 8 }).map((parts) => parts.join(''));
const cue = (tag: string, names: string[]) =>
  fc.oneof({ weight: 8, arbitrary: fc.tuple(attributes(names), content).map(([attrs, text]) => `<${tag}${attrs}>${text}</${tag}>`) }, { weight: 1, arbitrary: attributes(names).map((attrs) => `<${tag}${attrs}/>`) });
const between = fc.constantFrom('\n', '', '\n    ', '<!-- c -->', '<w t="0" id="1"/>', '<p t="1"/>', '<text start="1"/>', '&#10;');
const lines = (element: fc.Arbitrary<string>) => fc.array(fc.tuple(element, between), { maxLength: 10 }).map((parts) => parts.flat().join(''));
const prolog = fc.constantFrom('<?xml version="1.0" encoding="utf-8" ?>', '<?xml version="1.0"?>\n', '', '<!-- a -->', ' <?xml version="1.0"?>', '\n', '<!DOCTYPE transcript>');
const srv1 = fc.tuple(prolog, lines(cue('text', ['start', 'dur']))).map(([head, body]) => `${head}<transcript>${body}</transcript>\n`);
const srv3 = fc
  .tuple(prolog, fc.constantFrom('', '<head><ws id="0"/><wp id="1" ap="6"/></head>\n', '<body/>'), lines(cue('p', ['t', 'd', 'w', 'a'])), fc.constantFrom('', '<body><p t="9">second body</p></body>'))
  .map(([head, before, body, after]) => `${head}<timedtext format="3">\n${before}<body>\n${body}</body>${after}\n</timedtext>`);
const otherRoot = fc.constantFrom('<?xml version="1.0"?><error><code>403</code></error>', '<transcript/><timedtext><body><p t="1">x</p></body></timedtext>', '<tt><body><p begin="0s">ttml</p></body></tt>');
const documents = fc.oneof({ weight: 4, arbitrary: srv3 }, { weight: 3, arbitrary: srv1 }, { weight: 1, arbitrary: otherRoot });

/**
 * Markup the old validator and parser read two different ways (so what came out was an accident),
 * which the scanner refuses (timedtext.ts, head comment): `<!` opening no comment, CDATA or
 * DOCTYPE, `</name/>`, and `<?>` (an instruction without a target).
 */
const GARBLED_BY_THE_OLD_PARSER = /<!(?!--|\[CDATA\[|DOCTYPE)|<\/[^<>]*\/>|<\?>/;

/** A body broken the way bodies break: cut off, a character lost or added, a close tag dropped. */
const broken = documents
  .chain((body) =>
    fc.oneof(
      fc.nat(body.length).map((at) => body.slice(0, at)),
      fc.nat(body.length).map((at) => body.slice(0, at) + body.slice(at + 1)),
      fc.tuple(fc.nat(body.length), fc.constantFrom('<', '>', '&', '"', "'", '=', ' ', 'x', '/', ';', '#', '!', '?', '-')).map(([at, c]) => body.slice(0, at) + c + body.slice(at)),
      fc.constantFrom('</s>', '</p>', '</text>', '</body>', '"').map((piece) => body.replace(piece, '')),
    ),
  )
  .filter((body) => !GARBLED_BY_THE_OLD_PARSER.test(body));

describe('generated timedtext against the old reader', () => {
  it('gives the same segments on well-formed bodies', () => {
    fc.assert(fc.property(documents, sameAsOracle), { numRuns: 3000 });
  });

  it('refuses the same broken bodies, reads the same survivors, and never throws', () => {
    fc.assert(fc.property(broken, sameAsOracle), { numRuns: 5000 });
  });

  it('never throws on arbitrary text that starts like markup, and agrees whenever both read it', () => {
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom('<', '>', '/', '!', '?', '-', '[', ']', '&', ';', '#', '"', "'", '=', ' ', '\n', 'p', 't', 'x', 'text', 'transcript', 'timedtext', 'body', 'CDATA', '1') }), (tail) => {
        const body = `<${tail}`;
        const ours = parseCaptions(body);
        const theirs = oracleParseCaptions(body);
        if (ours.ok && theirs.ok) expect(ours).toEqual(theirs);
      }),
      { numRuns: 5000 },
    );
  });
});

describe('markup the old reader read by accident', () => {
  it.each([
    ['`<!` that opens nothing', '<transcript><text start="1">a<!x>b</text></transcript>'],
    ['`</name/>`', '<transcript><text start="1">a<b></b/></text></transcript>'],
    ['`<?>`', '<?><transcript><text start="1">a</text></transcript>'],
    ['a DOCTYPE with declarations', '<!DOCTYPE transcript [<!ENTITY a "b">]><transcript><text start="1">a</text></transcript>'],
    ['a DOCTYPE inside the root', '<transcript><!DOCTYPE transcript><text start="1">a</text></transcript>'],
  ])('is refused: %s', (_name, body) => {
    expect(parseCaptions(body)).toMatchObject({ ok: false, problem: 'malformed' });
  });
});

describe('the cleanup fast path', () => {
  it('cleans every line as the regular-expression passes did', () => {
    const piece = fc.constantFrom('a', 'word', ' ', '  ', '\t', '\n', '\u00a0', '\u2009', '\u200b', '\u202a', '\ufeff', '\u3000', '&amp;', '&amp;#39;', '&lt;i&gt;', '<i>', '</i>', '<', 'i>', '<00:00:01.500>', '<c.color>', ' < ', '<3', '&', ';', 'é', '😀');
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 12 }), (parts) => {
        const raw = parts.join('');
        expect(cleanCaptionLine(raw)).toBe(oracleCleanCaptionLine(raw));
      }),
      { numRuns: 5000 },
    );
  });
});
