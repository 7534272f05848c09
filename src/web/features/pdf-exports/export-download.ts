/** Fetching a generated export (PDF or zip) with the admin token, reporting bytes as they arrive. */

export type ExportResult =
  | { ok: true; blob: Blob; filename: string }
  | { ok: false; status: number; message: string };

export interface ExportRequest {
  url: string;
  selectedIds: number[];
  token: string | undefined;
  /** Called with the number of bytes received so far, after every chunk. */
  onProgress?: (received: number) => void;
  signal?: AbortSignal;
  fallbackName: string;
}

/** The file name of a Content-Disposition header, or the fallback. */
export function filenameOf(disposition: string | null, fallback: string): string {
  return /filename="([^"]+)"/.exec(disposition ?? '')?.[1] ?? fallback;
}

async function errorOf(response: Response): Promise<ExportResult> {
  const payload = (await response.json().catch(() => null)) as { message?: string } | null;
  return { ok: false, status: response.status, message: payload?.message ?? `Request failed with status code ${response.status}` };
}

/**
 * POSTs the selection ({ids}) and reads the answer chunk by chunk, so a long zip shows its progress
 * (the server streams it without a length, so progress is bytes received). Never throws.
 */
export async function fetchExport(request: ExportRequest): Promise<ExportResult> {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (request.token) headers.authorization = `Bearer ${request.token}`;
  try {
    const response = await fetch(request.url, {
      method: 'POST',
      headers,
      body: JSON.stringify({ ids: request.selectedIds }),
      signal: request.signal,
    });
    if (!response.ok || !response.body) return await errorOf(response);
    const reader = response.body.getReader();
    const chunks: Uint8Array[] = [];
    let received = 0;
    for (let part = await reader.read(); !part.done; part = await reader.read()) {
      chunks.push(part.value);
      received += part.value.byteLength;
      request.onProgress?.(received);
    }
    return {
      ok: true,
      blob: new Blob(chunks as BlobPart[], { type: response.headers.get('content-type') ?? 'application/octet-stream' }),
      filename: filenameOf(response.headers.get('content-disposition'), request.fallbackName),
    };
  } catch (error) {
    const message = (error as Error).name === 'AbortError' ? 'Request aborted' : 'Network Error';
    return { ok: false, status: 0, message };
  }
}

/** Hands a downloaded file to the browser's save mechanism. */
export function saveFile(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked later: some browsers start reading the object URL only after the click returns.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/** '812 KB', '2.4 MB'. */
export function formatBytes(bytes: number): string {
  if (bytes < 1024 * 1024) return `${Math.max(1, Math.round(bytes / 1024))} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}
