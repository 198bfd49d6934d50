// `transcript-desk summarize` and `ask` as a user scripts them: the real CLI process, the fixture
// upstream for the video, a loopback OpenAI-compatible server for the model (set with
// `settings set`, as a person does), and the owner's balance read before and after.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ownerKeyFile } from '#service/home';
import { BUILT_CLI, outputOf, runCli } from '../helpers/cli';
import { startFakeLlm, type FakeLlm, type RecordedLlmRequest } from '../helpers/fakeLlm';
import { cliGuardMs } from '../helpers/guards';
import { tempHome } from '../helpers/home';
import { trackGroup } from '../helpers/processes';
import { YOUTUBE_IDS } from '../upstream/hosts/youtube';
import { startFixtureUpstream, type FixtureUpstream } from '../upstream/server';

let home: ReturnType<typeof tempHome>;
let fixture: FixtureUpstream;
let llm: FakeLlm;

const YT = `https://www.youtube.com/watch?v=${YOUTUBE_IDS.withCaptions}`;
const cli = (...args: string[]) => runCli(home.dir, args, { TRANSCRIPT_DESK_UPSTREAM: fixture.url });
const FABRICATED = 'a battery that lasts a week';

async function ownerCredits(): Promise<number> {
  const prefix = readFileSync(ownerKeyFile(home.dir), 'utf8').trim().slice(0, 16);
  const result = await runCli(home.dir, ['balance', prefix, '--json']);
  return (JSON.parse(result.stdout) as { credits: number }).credits;
}

/** The model: chapters as `m:ss Title` lines, an answer quoting passage [1] (and one made-up quote), else a summary. */
function model(request: RecordedLlmRequest): string {
  const system = request.body.messages?.[0]?.content ?? '';
  const user = request.body.messages?.at(-1)?.content ?? '';
  if (system.includes('into chapters')) return '0:00 Opening\n0:05 The middle';
  if (system.includes('numbered passages')) {
    const first = /\[1\] \([^)]*\) (.+)/.exec(user)?.[1] ?? '';
    const quote = first.split(' ').slice(0, 4).join(' ');
    return `It is the cheap one [1] "${quote}", and it lasts [1] "${FABRICATED}".`;
  }
  return 'A short summary of the review.';
}

beforeAll(async () => {
  home = tempHome();
  fixture = await startFixtureUpstream();
  llm = await startFakeLlm(model);
});

afterAll(async () => {
  await llm.close();
  await fixture.close();
  home.remove();
});

describe('transcript-desk summarize and ask', { timeout: cliGuardMs(4) }, () => {
  it('without a model: both say how to set one up, fetch nothing, charge nothing and send nothing', async () => {
    const summarize = await cli('summarize', YT);
    expect(summarize.code).toBe(1);
    expect(summarize.stderr).toContain('No language model is set up');
    const ask = await cli('ask', 'is', 'it', 'cheap?');
    expect(ask.code).toBe(1);
    expect(ask.stderr).toContain('Settings ▸ Language model');
    expect(await ownerCredits()).toBe(1000);
    expect(llm.requests).toHaveLength(0);
  });

  it('summarize fetches the video (1 credit), prints the summary and chapters with who wrote them; a second run answers the kept ones, free', async () => {
    expect((await cli('settings', 'set', 'llm.baseUrl', llm.baseUrl)).code).toBe(0);
    expect((await cli('settings', 'set', 'llm.model', 'tiny')).code).toBe(0);
    const first = await cli('summarize', YT, '--chapters');
    expect(first.code, first.stderr).toBe(0);
    const endpoint = new URL(llm.baseUrl).host;
    expect(first.stdout).toContain('# Surface Go Review - It’s Awesome');
    expect(first.stdout).toContain(`_Summary written by tiny (${endpoint}) from Original_`);
    expect(first.stdout).toContain('A short summary of the review.');
    expect(first.stdout).toMatch(/## Chapters\n\n_Chapters written by tiny .*_\n\n0:00 Opening\n0:0\d The middle/);
    expect(first.stderr).toContain('fetched');
    expect(await ownerCredits()).toBe(999);
    const sent = llm.chats().length;
    expect(sent).toBe(2);
    expect(llm.promptOf(llm.chats()[0]!)).toContain('Hey guys, so this is the Surface Go.');

    const again = await cli('summarize', YT, '--chapters', '--json');
    expect(again.code, again.stderr).toBe(0);
    const json = JSON.parse(again.stdout) as { summary: { text: string; provenance: { model: string } }; chapters: { chapters: { start: number; title: string }[] } };
    expect(json.summary.text).toBe('A short summary of the review.');
    expect(json.summary.provenance.model).toBe('tiny');
    expect(json.chapters.chapters[0]).toEqual({ start: 0, title: 'Opening' });
    expect(llm.chats()).toHaveLength(sent);
    expect(await ownerCredits()).toBe(999);
  });

  it('ask answers from the library: a checked citation with its time and link, the made-up quote on stderr; - reads the question from stdin', async () => {
    const result = await cli('ask', 'Is', 'the', 'Surface', 'Go', 'cheap?', '--source', 'youtube');
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toMatch(/^It is the cheap one \[1\] ".+", and it lasts "a battery that lasts a week"\./);
    expect(result.stdout).toMatch(new RegExp(`\\n\\[1\\] Surface Go Review - It’s Awesome · 0:0\\d  https://www\\.youtube\\.com/watch\\?v=${YOUTUBE_IDS.withCaptions}&t=\\ds\\n    “.+”`));
    expect(result.stderr).toContain(`not shown as a citation “${FABRICATED}”`);
    expect(result.stderr).toContain('sent passages of: Surface Go Review - It’s Awesome');
    const prompt = llm.promptOf(llm.chats().at(-1)!);
    expect(prompt).toContain('Question: Is the Surface Go cheap?');
    // No fetch for a question.
    expect(await ownerCredits()).toBe(999);

    // `-`: the question from what another command printed.
    const child = spawn(process.execPath, [BUILT_CLI, 'ask', '-'], { env: { ...process.env, TRANSCRIPT_DESK_HOME: home.dir, TRANSCRIPT_DESK_UPSTREAM: fixture.url }, stdio: ['pipe', 'pipe', 'pipe'], detached: true });
    trackGroup(child);
    child.stdin.end('What does the Surface Go cost?\n');
    const piped = await outputOf(child);
    expect(piped.code, piped.stderr).toBe(0);
    expect(llm.promptOf(llm.chats().at(-1)!)).toContain('Question: What does the Surface Go cost?');
    expect(piped.stdout).toContain('[1] Surface Go Review - It’s Awesome');

    const none = await cli('ask', 'zebra', 'quantum', 'marmalade');
    expect(none.code).toBe(1);
    expect(none.stderr).toContain('nothing was sent');
  });
});
