#!/usr/bin/env node
// transcript-desk: the service from a terminal. Every command reads TRANSCRIPT_DESK_HOME.
// Each group of commands lives in src-main/cli/ and registers itself here.
// First of all: serve sizes its heap, which may restart this process in place (cli/serverHeap.ts).
import './cli/serverHeapAtStart';
import { Command } from 'commander';
import { version } from '../package.json';
import { registerAccountCommands } from './cli/accounts';
import { registerAsk } from './cli/ask';
import { registerBackup } from './cli/backup';
import { fail } from './cli/common';
import { registerDbCommands } from './cli/db';
import { registerExpand } from './cli/expand';
import { registerFollowCommands } from './cli/follow';
import { registerGet } from './cli/get';
import { registerMcp } from './cli/mcp';
import { registerMigrate } from './cli/migrate';
import { registerOwnerKey } from './cli/ownerKey';
import { registerServe } from './cli/serve';
import { registerStatus } from './cli/status';
import { registerSummarize } from './cli/summarize';
import { registerTranscribeCommands } from './cli/transcribe';
import { registerUpstreamCommands } from './cli/upstream';
import { registerWorker } from './cli/worker';
import { keepNewFilesPrivate } from './service/home';

// Before anything creates a file: the data home and what the commands write stay the user's own.
keepNewFilesPrivate();

const program = new Command('transcript-desk').description('Transcripts from public video, clip and podcast URLs: local service and CLI.').version(version).showHelpAfterError();

registerServe(program);
registerAccountCommands(program);
registerGet(program);
registerExpand(program);
registerFollowCommands(program);
registerTranscribeCommands(program);
registerSummarize(program);
registerAsk(program);
registerBackup(program);
registerDbCommands(program);
registerUpstreamCommands(program);
registerOwnerKey(program);
registerMigrate(program);
registerStatus(program);
registerWorker(program);
registerMcp(program);

program.parseAsync(process.argv).catch((error: unknown) => fail(error instanceof Error ? error.message : String(error)));
