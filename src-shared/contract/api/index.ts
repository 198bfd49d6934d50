// The REST API's bodies as the spec defines them (§2.3, §2.4, §2.5, §7): zod schemas and their types.
export * from './errors';
export * from './platformBodies';
export * from './podcastJob';
export * from './requests';
