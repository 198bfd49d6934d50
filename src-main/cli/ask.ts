// ask: a question over the library, answered by the language model of Settings ▸ Language model
// (or `settings set llm.baseUrl …` / `llm.model …`) through the desk's `library.ask`, the same
// retrieval and citation check as the desk's Ask view. stdout is the answer and its sources, one
// per line with a link to the moment where the platform has one; stderr says what was sent where
// and which citations were not shown (made up, or of a passage that was never sent).
// Exit status: 0 answered, 1 refused or nothing in the library matched.
import { InvalidArgumentError, type Command } from 'commander';
import type { AskAnswer } from '#shared/contract/insights';
import { LIBRARY_PROVENANCE_FILTERS, type LibraryProvenanceFilter } from '#shared/contract/library';
import { playerClock } from '#shared/format/markdown';
import { timeLinker } from '#shared/format/timeLinks';
import { LOCAL_PLATFORM, platformFromPathSegment, type LibraryPlatform } from '#shared/platforms';
import type { Desk } from '../desk/index';
import { fail } from './common';
import { valueOf, withSessionDesk } from './sessionDesk';
import { readStdin } from './stdinUrls';

interface AskOptions {
  source?: LibraryPlatform;
  ids?: number[];
  provenance?: LibraryProvenanceFilter;
  json?: boolean;
}

const say = (line: string) => process.stderr.write(`${line}\n`);

/** `--source youtube` (or the spec's token, or `local`): the library's platform filter. */
export function sourceOption(value: string): LibraryPlatform {
  const lower = value.trim().toLowerCase();
  if (lower === LOCAL_PLATFORM) return LOCAL_PLATFORM;
  const platform = platformFromPathSegment(lower);
  if (platform === undefined) throw new InvalidArgumentError('expected a platform: youtube, tiktok, instagram, facebook, linkedin, rumble, x, kick, twitch, podcast or local');
  return platform;
}

function idsOption(value: string, previous: number[] = []): number[] {
  const ids = value.split(',').map((part) => Number(part.trim()));
  if (ids.some((id) => !Number.isSafeInteger(id) || id < 1)) throw new InvalidArgumentError('expected library ids (whole numbers, comma-separated)');
  return [...previous, ...ids];
}

function provenanceOption(value: string): LibraryProvenanceFilter {
  if (!(LIBRARY_PROVENANCE_FILTERS as readonly string[]).includes(value)) throw new InvalidArgumentError(`expected one of ${LIBRARY_PROVENANCE_FILTERS.join(', ')}`);
  return value as LibraryProvenanceFilter;
}

/** The answer with its checked citations as `[n]`, then one line per citation: title, time, link. */
async function render(desk: Desk, answer: AskAnswer): Promise<string> {
  const text = answer.parts.map((part) => (part.kind === 'text' ? part.text : `[${part.citation + 1}]`)).join('');
  const sources: string[] = [];
  for (const [i, citation] of answer.citations.entries()) {
    const entry = await desk.call('library.get', { id: citation.libraryId });
    const link = entry.ok && citation.start !== null ? timeLinker({ platform: entry.value.platform, ...(entry.value.sourceUrl === null ? {} : { sourceUrl: entry.value.sourceUrl }) })?.(citation.start * 1000) : undefined;
    const at = citation.start === null ? '' : ` · ${playerClock(citation.start * 1000)}`;
    sources.push(`[${i + 1}] ${citation.title ?? `library #${citation.libraryId}`}${at}${link === undefined ? '' : `  ${link}`}\n    “${citation.text.trim()}”`);
  }
  return `${text.trim()}\n${sources.length === 0 ? '' : `\n${sources.join('\n')}\n`}`;
}

export function registerAsk(program: Command): void {
  program
    .command('ask <question...>')
    .description('answer a question from the library with your language model (Settings ▸ Language model, or settings set llm.baseUrl / llm.model); citations are checked against the stored transcripts; - reads the question from stdin')
    .option('--source <platform>', 'only transcripts from this platform (youtube, tiktok, podcast, local …)', sourceOption)
    .option('--ids <ids>', 'only these library entries (comma-separated ids, as `search` and the MCP tools give them)', idsOption)
    .option('--provenance <kind>', `only transcripts of this provenance (${LIBRARY_PROVENANCE_FILTERS.join(', ')})`, provenanceOption)
    .option('--json', 'print the answer as JSON: parts, citations with times, flagged citations, what was sent')
    .action(async (words: string[], options: AskOptions) => {
      const question = (words.length === 1 && words[0] === '-' ? await readStdin() : words.join(' ')).trim();
      if (question === '') fail('ask: the question is empty');
      await withSessionDesk(async (desk) => {
        const status = await valueOf(desk.call('llm.status', {}));
        if (!status.configured) throw new Error(status.howTo ?? 'No language model is set up');
        say(`asking ${status.model ?? ''} at ${status.endpoint ?? ''}: passages of the matching transcripts are sent there`);
        const answer = await valueOf(
          desk.call('library.ask', { question, scope: { ...(options.ids === undefined ? {} : { ids: options.ids }), platform: options.source ?? null, provenance: options.provenance ?? null } }),
        );
        if (answer.nothingFound) throw new Error('No transcript in the library has the words of this question; nothing was sent');
        say(`sent passages of: ${answer.sent.map((s) => s.title ?? `#${s.libraryId}`).join(', ')}`);
        for (const flagged of answer.flagged) say(`not shown as a citation${flagged.quote === null ? '' : ` “${flagged.quote}”`}: ${flagged.reason}`);
        process.stdout.write(options.json === true ? `${JSON.stringify(answer, null, 2)}\n` : await render(desk, answer));
      });
    });
}
