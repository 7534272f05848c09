import fs from 'node:fs';
import path from 'node:path';

export interface ClientAssets {
  scripts: string[];
  styles: string[];
  preloads: string[];
}

const ENTRY = 'src/web/entry-client.tsx';

interface ManifestChunk {
  file: string;
  css?: string[];
  imports?: string[];
}

/** Script and style URLs of the built browser bundle, read from Vite's manifest; empty before a build. */
export function readClientAssets(clientDir: string): ClientAssets {
  const manifestFile = path.join(clientDir, '.vite', 'manifest.json');
  if (!fs.existsSync(manifestFile)) return { scripts: [], styles: [], preloads: [] };
  const manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8')) as Record<string, ManifestChunk>;
  const entry = manifest[ENTRY];
  if (!entry) throw new Error(`${manifestFile} has no entry for ${ENTRY}`);
  const imported = (entry.imports ?? []).map((key) => manifest[key]!).filter(Boolean);
  return {
    scripts: [`/${entry.file}`],
    styles: [...(entry.css ?? []), ...imported.flatMap((chunk) => chunk.css ?? [])].map((file) => `/${file}`),
    preloads: imported.map((chunk) => `/${chunk.file}`),
  };
}
