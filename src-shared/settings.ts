// The typed settings every side shares: the zod schema and default of each key. The renderer
// validates a form with the same schema the main process stores with; storage and the defaults
// that depend on the machine (cores − 1 workers) stay in src-main/service/settings.ts.
import { z } from 'zod';
import { endpointUrlProblem, teamServerUrlProblem } from './endpointUrl';
import { VOCABULARY_LIMITS } from './vocabulary';
import { DEFAULT_NAME_PATTERN, namePatternProblem } from './format/fileNames';

export const ENGINE_IDS = ['whisper', 'openai', 'pocketsphinx'] as const;
export type EngineId = (typeof ENGINE_IDS)[number];

export const THEMES = ['system', 'light', 'dark'] as const;
export type Theme = (typeof THEMES)[number];

const engineId = z.enum(ENGINE_IDS);
/** ISO-639-1 code, or `auto` to let the engine detect it. */
const language = z.union([z.literal('auto'), z.string().regex(/^[a-z]{2}$/, 'a two-letter ISO-639-1 code such as en, or auto')]);
/**
 * A path on the machine that runs the service. Only its shape is checked here (the renderer has no
 * file system); the main process also checks what is there (src-main/service/localPaths.ts).
 */
const localPath = z
  .string()
  .min(1)
  .max(4096)
  .refine((path) => !path.includes('\0'), 'must not contain a NUL character');
/** http(s), local and private servers allowed, link-local and cloud metadata refused (endpointUrl.ts). */
const endpointUrl = z.string().superRefine((raw, ctx) => {
  const problem = endpointUrlProblem(raw);
  if (problem !== undefined) ctx.addIssue({ code: 'custom', message: problem });
});

/** The language model's endpoint: the same rules, its messages naming it and its key setting. */
const llmEndpointUrl = z.string().superRefine((raw, ctx) => {
  const problem = endpointUrlProblem(raw, 'language model server', 'llm.apiKey');
  if (problem !== undefined) ctx.addIssue({ code: 'custom', message: problem });
});

/** A glossary: bounded, so a prompt and a settings row stay small. */
const vocabularyTerms = z.array(z.string().trim().min(1).max(VOCABULARY_LIMITS.termChars)).max(VOCABULARY_LIMITS.terms);

/** A team server's base URL: http(s), no credentials, query or fragment (endpointUrl.ts). */
const teamServerUrl = z.string().superRefine((raw, ctx) => {
  const problem = teamServerUrlProblem(raw);
  if (problem !== undefined) ctx.addIssue({ code: 'custom', message: problem });
});

/** A cache smaller than this would evict a talk's transcript right after fetching it. */
export const CACHE_MIN_BYTES = 1_000_000;
/**
 * 1 GB: about 44,000 transcripts of a 20-minute talk. A server left running must not fill its disk
 * (the soak's ledger grew 27 MB a minute), and a person using the desk should never meet the
 * limit; what they keep in the library does not count against eviction anyway.
 */
export const CACHE_DEFAULT_MAX_BYTES = 1_000_000_000;

export const SETTING_SCHEMAS = {
  /** `auto` walks the fallback order and takes the first engine that is ready. */
  'stt.engine': z.union([z.literal('auto'), engineId]),
  'stt.fallbackOrder': z.array(engineId).min(1).refine((a) => new Set(a).size === a.length, 'each engine at most once'),
  'stt.language': language,
  /** Chunks transcribed at once; null means cores − 1 (at least 1). */
  'stt.workers': z.number().int().min(1).max(64).nullable(),
  /** A catalogue model name (see stt/models.ts), downloaded into <home>/models. */
  'stt.whisper.model': z.string().min(1).nullable(),
  /** A ggml file the user picked (absolute, a regular file outside /proc, /sys, /dev); wins over `stt.whisper.model`. */
  'stt.whisper.modelPath': localPath.nullable(),
  'stt.openai.baseUrl': endpointUrl.nullable(),
  // The desktop app keeps it in the OS keychain (Settings with SecretSettings); the CLI and the
  // headless server keep it in the ledger file under the data home (mode 0700).
  'stt.openai.apiKey': z.string().min(1).nullable(),
  'stt.openai.model': z.string().min(1),
  /**
   * Names and terms speech should be written with (custom vocabulary, src-shared/vocabulary.ts):
   * the prompt of engines that take one, and replace suggestions for caption transcripts.
   */
  'stt.vocabulary': vocabularyTerms,
  /**
   * Vocabulary of one show or followed source, keyed by what the job knows of it (a podcast's show
   * title, a follow's source URL), used before the global list. Kept in settings, not a table.
   */
  'stt.vocabulary.bySource': z
    .record(z.string().trim().min(1).max(VOCABULARY_LIMITS.sourceKeyChars), vocabularyTerms)
    .refine((r) => Object.keys(r).length <= VOCABULARY_LIMITS.sources, `at most ${VOCABULARY_LIMITS.sources} sources`),
  /** The desk's colours; `system` follows the operating system. */
  'desk.theme': z.enum(THEMES),
  /** Queue items sent at once. The rate limit (120 a minute) is the real ceiling; more only helps slow upstreams. */
  'desk.queue.concurrency': z.number().int().min(1).max(8),
  /** Characters per subtitle line in SRT and VTT exports. */
  'desk.export.maxLineLength': z.number().int().min(10).max(200),
  /**
   * The folder exports go to unless the user names another; null means `<Documents>/Transcript Desk`.
   * Absolute, outside /proc, /sys, /dev, creatable by an export (src-main/service/localPaths.ts).
   */
  'desk.export.folder': localPath.nullable(),
  /** Export file names: tokens {title} {id} {platform} {date} {source} (format/fileNames.ts). */
  'desk.export.namePattern': z
    .string()
    .min(1)
    .max(200)
    .refine((pattern) => namePatternProblem(pattern) === null, { message: 'a pattern of {title} {id} {platform} {date} {source}' }),
  /** Each exported transcript in a sub-folder named after its show, channel or source. */
  'desk.export.folderPerSource': z.boolean(),
  /** Whether the desktop app also answers the REST API on this machine, and on which port. */
  'desk.api.enabled': z.boolean(),
  'desk.api.port': z.number().int().min(1024).max(65535),
  /**
   * How long a definitive "no transcript" (a 404: no captions, gone, private) is answered from memory
   * instead of asking the platform again; 0 turns it off. At most a day: a video can gain captions.
   */
  'cache.notFoundSeconds': z.number().int().min(0).max(86_400),
  /**
   * The transcript cache's size in bytes (what `db stats` calls cacheBytes); past it the least
   * recently used transcripts that are not kept in the desk's library are evicted. null: no limit.
   */
  'cache.maxBytes': z.number().int().min(CACHE_MIN_BYTES).max(Number.MAX_SAFE_INTEGER).nullable(),
  /**
   * Settings ▸ Team server: with both set, the desk's queue, balance and job cards use that server's
   * REST API with this key (its cache, credits and workers) instead of this machine's service.
   */
  'team.server.url': teamServerUrl.nullable(),
  /** The team server's API key: a secret, kept like `stt.openai.apiKey` (the desktop app's keychain). */
  'team.server.key': z.string().trim().regex(/^sk_live_\S+$/, 'an API key starts with sk_live_').nullable(),
  /**
   * Requests a follow (and the source expansion it runs) starts per minute to one site at most: sites
   * block clients that poll them fast, and a blocked feed or channel stops every follow of it.
   */
  'follows.requestsPerMinute': z.number().int().min(1).max(600),
  /**
   * The language model (issue 19): any OpenAI-compatible chat endpoint (Ollama, LM Studio, a
   * llama.cpp server, OpenAI), for summaries, chapters and answers over the library. Nothing is
   * sent anywhere until both the base URL and the model are set (src-main/service/llm/config.ts).
   * The URL follows the speech endpoint's rules: local and private servers yes, metadata services no.
   */
  'llm.baseUrl': llmEndpointUrl.nullable(),
  /** The endpoint's key, a secret kept like `stt.openai.apiKey`; local servers usually need none. */
  'llm.apiKey': z.string().min(1).nullable(),
  /** The chat model's name as the endpoint knows it (`llama3.1:8b`, `gpt-4o-mini`). */
  'llm.model': z.string().trim().min(1).max(200).nullable(),
  /**
   * The model's context window in tokens: a transcript longer than fits is summarized in parts
   * first (map-reduce). Small local models are 4–8k; a wrong large value makes the endpoint
   * truncate silently, so the default is modest.
   */
  'llm.contextTokens': z.number().int().min(1024).max(2_000_000),
  /** An embeddings model of the same endpoint for ranking retrieved passages; null: full-text search alone. */
  'llm.embeddingModel': z.string().trim().min(1).max(200).nullable(),
} as const;

export type SettingKey = keyof typeof SETTING_SCHEMAS;
export type SettingValue<K extends SettingKey> = z.infer<(typeof SETTING_SCHEMAS)[K]>;
export type SettingValues = { [K in SettingKey]: SettingValue<K> };

export const SETTING_DEFAULTS: SettingValues = {
  'stt.engine': 'auto',
  'stt.fallbackOrder': ['whisper', 'openai', 'pocketsphinx'],
  'stt.language': 'auto',
  'stt.workers': null,
  'stt.whisper.model': null,
  'stt.whisper.modelPath': null,
  'stt.openai.baseUrl': null,
  'stt.openai.apiKey': null,
  'stt.openai.model': 'whisper-1',
  'stt.vocabulary': [],
  'stt.vocabulary.bySource': {},
  'desk.theme': 'system',
  'desk.queue.concurrency': 3,
  'desk.export.maxLineLength': 42,
  'desk.export.folder': null,
  'desk.export.namePattern': DEFAULT_NAME_PATTERN,
  'desk.export.folderPerSource': false,
  'desk.api.enabled': false,
  'desk.api.port': 8787,
  'cache.notFoundSeconds': 600,
  'cache.maxBytes': CACHE_DEFAULT_MAX_BYTES,
  'team.server.url': null,
  'team.server.key': null,
  'follows.requestsPerMinute': 10,
  'llm.baseUrl': null,
  'llm.apiKey': null,
  'llm.model': null,
  'llm.contextTokens': 8192,
  'llm.embeddingModel': null,
};

export const SETTING_KEYS = Object.keys(SETTING_SCHEMAS) as SettingKey[];
export const isSettingKey = (key: string): key is SettingKey => Object.hasOwn(SETTING_SCHEMAS, key);

/** Settings whose value is a secret: never sent to a renderer, only whether one is set. */
export const SECRET_SETTINGS: ReadonlySet<SettingKey> = new Set(['stt.openai.apiKey', 'team.server.key', 'llm.apiKey']);
