// `-` as an argument: what another command printed, read from stdin (get, summarize, ask).
import { extractUrls } from '#shared/queue/extract';

/** The URLs to fetch: the arguments, with `-` replaced by every link in stdin (what another command printed). */
export async function urlsOf(args: string[]): Promise<string[]> {
  if (!args.includes('-')) return args;
  const text = await readStdin();
  const fromStdin = extractUrls(text);
  if (fromStdin.length === 0) process.stderr.write('- : stdin held no links\n');
  return args.flatMap((arg) => (arg === '-' ? fromStdin : [arg]));
}

export async function readStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}
