// Settings ▸ Language model (issue 19): the person's own OpenAI-compatible chat endpoint (Ollama,
// LM Studio, a llama.cpp server, OpenAI) for summaries, chapters and questions over the library.
// Nothing is sent anywhere until a base URL and a model are saved. The key is a secret, write-only
// like the speech and team keys: the form learns only whether one is set, and can clear it.
// "Test" sends one tiny request with what the form holds, before saving. Each field is checked
// with the setting's own schema (src-shared/settings.ts), so the form says what saving would refuse.
import { useEffect, useState } from 'react';
import type { OperationOutput } from '#shared/contract/operations';
import { deskErrorOf } from '#shared/contract/result';
import { SETTING_SCHEMAS, type SettingKey } from '#shared/settings';
import { desk } from '../../lib/desk';
import { useApp } from '../../stores/app';
import { useSettings } from '../../stores/settings';
import { useSave } from './useSave';

type TestResult = OperationOutput<'llm.test'>;

/** Where the key goes once saved, by the host's secret store. */
const KEY_KEPT = {
  keychain: 'The key is kept in the OS keychain.',
  safeStorage: 'The key is encrypted with Electron safeStorage in the data home.',
  none: 'This server keeps the key in its ledger, as the CLI does.',
} as const;

/** The schema's message for a field's value, or undefined when saving would take it. */
function problemOf(key: SettingKey, value: unknown): string | undefined {
  const parsed = SETTING_SCHEMAS[key].safeParse(value);
  return parsed.success ? undefined : (parsed.error.issues[0]?.message ?? 'is not valid');
}

const prefixed = (what: string, problem: string | undefined) => (problem === undefined ? undefined : `${what} ${problem}`);

const orNull = (text: string) => (text.trim() === '' ? null : text.trim());

function Problem({ id, text }: { id: string; text: string | undefined }) {
  return text === undefined ? null : (
    <small id={id} className="bad">
      {text}
    </small>
  );
}

export function LanguageModelPanel() {
  const view = useSettings((s) => s.view);
  const save = useSave();
  const [baseUrl, setBaseUrl] = useState('');
  const [model, setModel] = useState('');
  const [key, setKey] = useState('');
  const [context, setContext] = useState('');
  const [embedding, setEmbedding] = useState('');
  const [testing, setTesting] = useState(false);
  const [result, setResult] = useState<TestResult | null>(null);

  const saved = view?.values;
  const savedUrl = saved?.['llm.baseUrl'] ?? null;
  const savedModel = saved?.['llm.model'] ?? null;
  const savedContext = saved?.['llm.contextTokens'] ?? null;
  const savedEmbedding = saved?.['llm.embeddingModel'] ?? null;
  useEffect(() => setBaseUrl(savedUrl ?? ''), [savedUrl]);
  useEffect(() => setModel(savedModel ?? ''), [savedModel]);
  useEffect(() => setContext(savedContext === null ? '' : String(savedContext)), [savedContext]);
  useEffect(() => setEmbedding(savedEmbedding ?? ''), [savedEmbedding]);
  if (view === null) return null;
  const keySet = view.secretsSet.includes('llm.apiKey');

  const problems = {
    baseUrl: orNull(baseUrl) === null ? undefined : prefixed('The base URL', problemOf('llm.baseUrl', orNull(baseUrl))),
    model: problemOf('llm.model', orNull(model)),
    context: problemOf('llm.contextTokens', context.trim() === '' ? Number.NaN : Number(context)),
    embedding: problemOf('llm.embeddingModel', orNull(embedding)),
  };
  const valid = Object.values(problems).every((p) => p === undefined);
  const canTest = valid && orNull(baseUrl) !== null && orNull(model) !== null && !testing;

  const test = async () => {
    setTesting(true);
    setResult(null);
    try {
      setResult(await desk().invoke('llm.test', { baseUrl: baseUrl.trim(), model: model.trim(), ...(key.trim() === '' ? {} : { key: key.trim() }) }));
    } catch (error) {
      setResult({ ok: false, message: deskErrorOf(error).message });
    } finally {
      setTesting(false);
    }
  };
  const store = async () => {
    if (!valid) return;
    await save({
      'llm.baseUrl': orNull(baseUrl),
      'llm.model': orNull(model),
      'llm.contextTokens': Number(context),
      'llm.embeddingModel': orNull(embedding),
      ...(key.trim() === '' ? {} : { 'llm.apiKey': key.trim() }),
    });
    setKey('');
  };
  const clearKey = () =>
    useSettings
      .getState()
      .update({ reset: ['llm.apiKey'] })
      .catch((e: unknown) => useApp.getState().notify('error', deskErrorOf(e).message));

  const describedBy = (id: string, problem: string | undefined) => (problem === undefined ? undefined : id);
  return (
    <section className="panel" aria-labelledby="llm-heading">
      <h2 id="llm-heading">Language model</h2>
      <p className="muted">
        Your own model for summaries, chapters and questions over the library: any OpenAI-compatible endpoint, such as Ollama (<code>http://localhost:11434/v1</code> with e.g.{' '}
        <code>llama3.1:8b</code>) or LM Studio (<code>http://localhost:1234/v1</code>). Nothing is sent anywhere until a base URL and a model are saved, and every request says which transcript it
        sends. The context size is the model's window: longer transcripts are summarized in parts. Exports use the summaries and chapters already made; they never call the model.
      </p>
      <p className="team-state" aria-live="polite">
        {savedUrl !== null && savedModel !== null ? (
          <>
            <span className="tag">in use</span> <strong>{savedModel}</strong> at <strong>{savedUrl}</strong>.
          </>
        ) : (
          'Not set up: nothing is sent anywhere.'
        )}
      </p>
      <div className="form-grid">
        <label className="field grow">
          <span>Base URL</span>
          <input type="url" placeholder="http://localhost:11434/v1" value={baseUrl} spellCheck={false} aria-invalid={problems.baseUrl !== undefined} aria-describedby={describedBy('llm-url-problem', problems.baseUrl)} onChange={(e) => setBaseUrl(e.target.value)} />
          <Problem id="llm-url-problem" text={problems.baseUrl} />
        </label>
        <label className="field">
          <span>Model</span>
          <input type="text" placeholder="llama3.1:8b" value={model} spellCheck={false} aria-invalid={problems.model !== undefined} aria-describedby={describedBy('llm-model-problem', problems.model)} onChange={(e) => setModel(e.target.value)} />
          <Problem id="llm-model-problem" text={problems.model} />
        </label>
        <label className="field">
          <span>API key</span>
          <input type="password" autoComplete="off" placeholder={keySet ? '•••••••• (set)' : 'local servers need none'} value={key} aria-describedby="llm-key-state" onChange={(e) => setKey(e.target.value)} />
        </label>
        <label className="field">
          <span>Context size (tokens)</span>
          <input type="number" min={1024} value={context} aria-invalid={problems.context !== undefined} aria-describedby={describedBy('llm-context-problem', problems.context)} onChange={(e) => setContext(e.target.value)} />
          <Problem id="llm-context-problem" text={problems.context} />
        </label>
        <label className="field">
          <span>Embeddings model (optional)</span>
          <input type="text" placeholder="nomic-embed-text" value={embedding} spellCheck={false} aria-invalid={problems.embedding !== undefined} aria-describedby={describedBy('llm-embedding-problem', problems.embedding)} onChange={(e) => setEmbedding(e.target.value)} />
          <Problem id="llm-embedding-problem" text={problems.embedding} />
        </label>
      </div>
      <p id="llm-key-state" className="muted small">
        {keySet ? 'A key is set.' : 'No key is set.'} {KEY_KEPT[view.host.secrets.backend]}
      </p>
      <div className="llm-actions">
        <button type="button" className="button" disabled={!canTest} onClick={() => void test()}>
          {testing ? 'Testing…' : 'Test'}
        </button>
        <button type="button" className="button primary" disabled={!valid} onClick={() => void store()}>
          Save
        </button>
        {keySet && (
          <button type="button" className="button" onClick={() => void clearKey()}>
            Clear the key
          </button>
        )}
      </div>
      <p role="status" className={result === null ? 'muted' : result.ok ? 'ok' : 'bad'}>
        {result === null ? '' : result.ok ? result.message : `No answer: ${result.message}`}
      </p>
    </section>
  );
}
