// Markdown for notes apps (Obsidian, Logseq, Notion imports): YAML front matter a notes app reads
// as the page's properties, the title, then one paragraph per block of thought (paragraphs.ts),
// each starting with its timestamp, a link that opens the item at that second where the platform
// has such links (timeLinks.ts), plain text elsewhere; a `### Name` heading where the speaker changes.
// A stored summary and chapters (issue 19) come first, as `## Summary` and `## Chapters` (their
// times linked the same way), each saying who wrote it, then `## Transcript`.
import type { DocumentChapters, DocumentSummary } from './formatters';
import { provenanceLabel } from './provenanceLabel';
import type { DocumentFacts } from './documentFacts';
import { documentFacts } from './documentFacts';
import { documentParagraphs } from './paragraphs';
import { timeLinker } from './timeLinks';

/**
 * A YAML scalar that reads back as exactly `value`, whatever a stranger put in a title: always
 * double-quoted (so `: `, `#`, a leading `-`, `yes`, `null` or `1e3` stay a string), JSON's escapes
 * (valid in YAML's double-quoted style), plus the characters JSON leaves raw that YAML does not
 * allow or reads as line breaks: DEL, C1 controls, U+2028/U+2029, the byte-order mark.
 */
export function yamlString(value: string): string {
  return JSON.stringify(value).replace(/[\u007f-\u009f\u2028\u2029\ufeff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/**
 * Text from a caption or a speaker name as literal Markdown text: characters that would start
 * emphasis, a link, an HTML tag or code are backslash-escaped, and so is a paragraph start that
 * would make a heading, a list item or a quote.
 */
export function markdownText(text: string, lineStart = true): string {
  const escaped = text.replace(/[\\`*_[\]<>|~]/g, '\\$&');
  return lineStart ? escaped.replace(/^(#|[-+=]|\d+(?=[.)]))/, '\\$1') : escaped;
}

/** `H:MM:SS` from an hour on, `M:SS` below: how players show a moment. */
export function playerClock(ms: number): string {
  const total = Math.max(0, Math.floor(ms / 1000));
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = String(total % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${s}` : `${m}:${s}`;
}

function frontMatter(facts: DocumentFacts): string {
  const lines = ['---'];
  const field = (key: string, value: string | null | undefined) => {
    if (value !== null && value !== undefined && value !== '') lines.push(`${key}: ${yamlString(value)}`);
  };
  field('title', facts.title);
  field('url', facts.url);
  field('platform', facts.platformName);
  field('source', facts.source);
  field('date', facts.date);
  field('duration', facts.durationMs === null ? null : playerClock(facts.durationMs));
  field('language', facts.language);
  field('provenance', facts.provenance);
  lines.push('---');
  return `${lines.join('\n')}\n`;
}

type TimeLink = ((ms: number) => string) | null;

/** A paragraph's or chapter's time: a link that opens the item there where the platform has one. */
function stampOf(link: TimeLink, ms: number): string {
  const clock = playerClock(ms);
  // Parentheses and spaces in a URL would end the link early: percent-encoded, they open the same page.
  return link === null ? clock : `[${clock}](${link(ms).replace(/[()\s]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)})`;
}

/** Who wrote a summary or chapters, in italics under them. */
const byline = (provenance: DocumentSummary['provenance']) => `*${markdownText(provenanceLabel(provenance), false)}*`;

/**
 * The model's summary as literal text (a model's Markdown or HTML is not trusted to render as
 * such): its paragraphs kept, each line escaped like caption text.
 */
function summaryBlocks(summary: DocumentSummary): string[] {
  const paragraphs = summary.text
    .split(/\n\s*\n/)
    .map((p) => p.split('\n').map((line) => markdownText(line.trim())).filter((line) => line !== '').join('\n'))
    .filter((p) => p !== '');
  return ['## Summary', ...paragraphs, byline(summary.provenance)];
}

function chapterBlocks(chapters: DocumentChapters, link: TimeLink): string[] {
  const list = [...chapters.chapters].sort((a, b) => a.start - b.start).map((c) => `- ${stampOf(link, c.start * 1000)} ${markdownText(c.title.replace(/\s+/g, ' ').trim(), false)}`);
  return ['## Chapters', list.join('\n'), byline(chapters.provenance)];
}

export function writeMarkdown(doc: Parameters<typeof documentFacts>[0]): string {
  const facts = documentFacts(doc);
  const link = timeLinker(doc);
  const blocks: string[] = [];
  if (facts.title !== null) blocks.push(`# ${markdownText(facts.title)}`);
  const summary = doc.summary ?? null;
  const chapters = doc.chapters == null || doc.chapters.chapters.length === 0 ? null : doc.chapters;
  if (summary !== null) blocks.push(...summaryBlocks(summary));
  if (chapters !== null) blocks.push(...chapterBlocks(chapters, link));
  if (summary !== null || chapters !== null) blocks.push('## Transcript');
  let speaker: string | undefined;
  for (const paragraph of documentParagraphs(doc)) {
    if (paragraph.speaker !== undefined && paragraph.speaker !== speaker) blocks.push(`### ${markdownText(paragraph.speaker)}`);
    speaker = paragraph.speaker;
    const stamp = paragraph.startMs === null ? '' : `${stampOf(link, paragraph.startMs)} `;
    blocks.push(`${stamp}${markdownText(paragraph.text, stamp === '')}`);
  }
  return `${frontMatter(facts)}\n${blocks.join('\n\n')}\n`;
}
