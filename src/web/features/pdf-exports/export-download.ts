/** Saving a downloaded export (fetched by adminDownload, admin-request.ts) and showing its size. */

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
