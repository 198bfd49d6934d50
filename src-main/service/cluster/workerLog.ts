// A worker's log: one JSON object per line on stdout, what log shippers (journald, Loki, docker
// logs) index without a parser. Never a key, a password or audio; episode keys and URLs only.
export type WorkerLog = (event: string, fields?: Record<string, unknown>) => void;

export function jsonLinesLog(worker: string, write: (line: string) => void = (line) => process.stdout.write(line)): WorkerLog {
  return (event, fields = {}) => {
    write(`${JSON.stringify({ time: new Date().toISOString(), worker, event, ...fields })}\n`);
  };
}
