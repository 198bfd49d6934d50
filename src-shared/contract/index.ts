// The contract between the desk's renderer and the main process (decision 1 of the desk issue).
export * from './account';
export * from './desk';
export * from './events';
export * from './exports';
export * from './host';
export * from './library';
export * from './media';
export * from './models';
export * from './operations';
export * from './podcast';
export * from './queue';
export * from './result';
export * from './settings';
export * from './sources';
export * from './transcript';
export * from './upstream';
export * from './welcome';
