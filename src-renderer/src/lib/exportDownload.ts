// The browser build's export: POST /app/export/download answers with the file or the zip as an
// attachment, which the page hands to the browser's own download (nothing is written on the
// server). The summary (files, skipped, folded) comes in a header.
import { EXPORT_SUMMARY_HEADER, exportDownloadSummarySchema, type ExportDownloadInput, type ExportDownloadSummary } from '#shared/contract/exports';
import { sessionHeaders } from './browserDesk';

/** Relative to the page (/app/), like the RPC paths. */
const DOWNLOAD_PATH = 'export/download';

export async function downloadExport(input: ExportDownloadInput): Promise<ExportDownloadSummary> {
  let response: Response;
  try {
    response = await fetch(DOWNLOAD_PATH, { method: 'POST', headers: { 'content-type': 'application/json', ...sessionHeaders() }, body: JSON.stringify(input), credentials: 'same-origin' });
  } catch {
    throw new Error('[unavailable] The desk cannot reach its server: is `transcript-desk serve --ui` still running?');
  }
  const header = response.headers.get(EXPORT_SUMMARY_HEADER);
  if (header === null) {
    const answer = (await response.json().catch(() => null)) as { error?: { code?: string; message?: string } } | null;
    throw new Error(`[${answer?.error?.code ?? 'internal'}] ${answer?.error?.message ?? `The server answered ${response.status}`}`);
  }
  const summary = exportDownloadSummarySchema.parse(JSON.parse(decodeURIComponent(header)));
  if (summary.fileName !== null) save(await response.blob(), summary.fileName);
  return summary;
}

/** Hands a blob to the browser's download, under `fileName`. */
function save(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  // The download has its own copy once it started; the page's can go a little later.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
