// Progress on stderr (stdout stays the transcript): one status line rewritten in place on a
// terminal, one line per change otherwise (a log, a pipe, a test reading stderr).

export function statusLine(): { show(text: string): void; end(): void } {
  let last = '';
  const tty = process.stderr.isTTY;
  return {
    show(text) {
      if (text === last) return;
      last = text;
      process.stderr.write(tty ? `\r\x1b[2K${text}` : `${text}\n`);
    },
    end() {
      if (tty && last !== '') process.stderr.write('\n');
      last = '';
    },
  };
}
