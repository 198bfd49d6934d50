// What a tool answers: a readable text block for the model (what most MCP clients show it), the
// same facts as structured JSON for programs, and refusals as `isError` results with one sentence.
// A tool never throws to the SDK: a thrown error would reach the client as a protocol error that
// many agents show as "the tool crashed" instead of the reason.
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { DeskResult } from '#shared/contract/result';

/** A refusal the agent should read and act on (a bad URL, a 404 from the site, a deleted transcript). */
export class ToolRefusal extends Error {}

export function answer(text: string, structured: Record<string, unknown>): CallToolResult {
  return { content: [{ type: 'text', text }], structuredContent: structured };
}

export function refusal(sentence: string): CallToolResult {
  return { isError: true, content: [{ type: 'text', text: sentence }] };
}

/** The desk's value, or its refusal's message as a ToolRefusal: the desk's sentences are already written for people. */
export async function deskValue<T>(result: Promise<DeskResult<T>>): Promise<T> {
  const settled = await result;
  if (!settled.ok) throw new ToolRefusal(settled.error.message);
  return settled.value;
}

/**
 * Wraps a tool's body: refusals become `isError` answers; a bug becomes one too, with its stack on
 * stderr (stdout is the protocol channel), so the session goes on.
 */
export function guarded<A, E>(body: (args: A, extra: E) => Promise<CallToolResult>): (args: A, extra: E) => Promise<CallToolResult> {
  return async (args, extra) => {
    try {
      return await body(args, extra);
    } catch (error) {
      if (error instanceof ToolRefusal) return refusal(error.message);
      console.error('transcript-desk mcp: a tool failed:', error);
      return refusal(`Transcript Desk could not answer: ${error instanceof Error ? error.message : String(error)}`);
    }
  };
}
