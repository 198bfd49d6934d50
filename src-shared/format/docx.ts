// DOCX for people who edit in Word, Pages or Google Docs: the title, the facts of the transcript
// (platform, source, date, duration, provenance, link) as lines under it, a heading where the
// speaker changes, then one paragraph per block (paragraphs.ts) starting with its timestamp,
// a link to that moment where the platform has time links (timeLinks.ts).
// The `docx` package is large: only the main process imports this file (the CLI, the desk's
// export); the renderer lists formats through exportFormats.ts and never bundles it.
import { Document, ExternalHyperlink, HeadingLevel, Packer, Paragraph, TextRun } from 'docx';
import type { TranscriptDocument } from './formatters';
import { documentFacts } from './documentFacts';
import { playerClock } from './markdown';
import { documentParagraphs } from './paragraphs';
import { timeLinker } from './timeLinks';

/** XML 1.0 refuses C0 controls other than tab and line breaks: a caption carrying one would make a file Word cannot open. */
const xmlSafe = (text: string) =>
  Array.from(text)
    .filter((c) => {
      const code = c.codePointAt(0) ?? 0;
      return (code >= 0x20 || code === 0x09 || code === 0x0a || code === 0x0d) && code !== 0xfffe && code !== 0xffff;
    })
    .join('');

function metadataLines(doc: TranscriptDocument): Paragraph[] {
  const facts = documentFacts(doc);
  const pairs: [string, string | null][] = [
    ['Platform', facts.platformName],
    ['Source', facts.source],
    ['Date', facts.date],
    ['Duration', facts.durationMs === null ? null : playerClock(facts.durationMs)],
    ['Language', facts.language],
    ['Provenance', facts.provenance],
  ];
  const lines = pairs
    .filter((pair): pair is [string, string] => pair[1] !== null)
    .map(([label, value]) => new Paragraph({ children: [new TextRun({ text: `${label}: `, bold: true }), new TextRun(xmlSafe(value))] }));
  if (facts.url !== null) {
    lines.push(new Paragraph({ children: [new TextRun({ text: 'Link: ', bold: true }), new ExternalHyperlink({ link: facts.url, children: [new TextRun({ text: xmlSafe(facts.url), style: 'Hyperlink' })] })] }));
  }
  return lines;
}

/** The document's paragraphs, in reading order. */
function body(doc: TranscriptDocument): Paragraph[] {
  const facts = documentFacts(doc);
  const link = timeLinker(doc);
  const out: Paragraph[] = [];
  if (facts.title !== null) out.push(new Paragraph({ heading: HeadingLevel.TITLE, children: [new TextRun(xmlSafe(facts.title))] }));
  out.push(...metadataLines(doc));
  let speaker: string | undefined;
  for (const paragraph of documentParagraphs(doc)) {
    if (paragraph.speaker !== undefined && paragraph.speaker !== speaker) out.push(new Paragraph({ heading: HeadingLevel.HEADING_3, children: [new TextRun(xmlSafe(paragraph.speaker))] }));
    speaker = paragraph.speaker;
    const children: (TextRun | ExternalHyperlink)[] = [];
    if (paragraph.startMs !== null) {
      // A link looks like one (Word's Hyperlink style); a plain timestamp stands out in bold.
      const clock = new TextRun({ text: playerClock(paragraph.startMs), ...(link === null ? { bold: true } : { style: 'Hyperlink' }) });
      children.push(link === null ? clock : new ExternalHyperlink({ link: link(paragraph.startMs), children: [clock] }), new TextRun(' '));
    }
    children.push(new TextRun(xmlSafe(paragraph.text)));
    out.push(new Paragraph({ children }));
  }
  return out;
}

/** The .docx file's bytes. */
export async function writeDocx(doc: TranscriptDocument): Promise<Uint8Array> {
  const facts = documentFacts(doc);
  const file = new Document({
    creator: 'Transcript Desk',
    title: facts.title ?? 'Transcript',
    ...(facts.url === null ? {} : { description: facts.url }),
    sections: [{ children: body(doc) }],
  });
  return Packer.pack(file, 'uint8array');
}
