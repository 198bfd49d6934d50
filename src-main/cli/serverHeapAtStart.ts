// Imported first by cli.ts, for this one side effect: `transcript-desk serve` sizes its heap
// (serverHeap.ts), which may restart the process in place, before the rest of the CLI loads, so
// the restart costs a Node start rather than a second load of every module. Other commands are
// short-lived and keep Node's defaults.
import { sizeServerHeap } from './serverHeap';

if (process.argv[2] === 'serve') sizeServerHeap();
