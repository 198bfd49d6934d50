// Settings ▸ Agents (MCP): the JSON an MCP client (Claude Desktop, an IDE, an agent framework)
// needs to start `transcript-desk mcp` on this data home, with the real command of this install
// (the settings view's `agents`, built where the host knows its CLI: desk/settingsView.ts).
import { mcpClientConfig } from '#shared/agentConfig';
import { useApp } from '../../stores/app';
import { useSettings } from '../../stores/settings';

export function AgentsPanel() {
  const agents = useSettings((s) => s.view?.agents);
  if (agents === undefined) return null;
  const snippet = mcpClientConfig(agents);
  const copy = () =>
    navigator.clipboard.writeText(snippet).then(
      () => useApp.getState().notify('info', 'MCP configuration copied'),
      () => useApp.getState().notify('error', 'The clipboard refused the copy'),
    );
  return (
    <section className="panel" aria-labelledby="agents-heading">
      <h2 id="agents-heading">Agents (MCP)</h2>
      <p className="muted">
        An AI agent can search this library, read transcripts and queue new ones through the Model Context Protocol. Paste this into your MCP client’s configuration (for
        Claude Desktop: <code>claude_desktop_config.json</code>). Transcripts it fetches cost credits from this account, as the queue does; cached ones are free.
      </p>
      {/* A read-only text box: labelled, focusable and selectable by keyboard, read whole by a screen reader. */}
      <label className="field">
        <span>MCP client configuration</span>
        <textarea className="agents-config" readOnly spellCheck={false} rows={snippet.split('\n').length} value={snippet} />
      </label>
      {agents.note !== null && <p className="muted">{agents.note}</p>}
      <div className="dialog-actions">
        <button type="button" className="button small" onClick={() => void copy()}>
          Copy configuration
        </button>
      </div>
    </section>
  );
}
