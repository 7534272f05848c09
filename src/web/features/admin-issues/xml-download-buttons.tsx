import { useState } from 'react';
import { adminDownload } from '../admin-shell/admin-request.js';
import { saveFile } from '../pdf-exports/export-download.js';

interface IssueNumbers {
  year: number;
  volume: number;
  issue: number;
}

/** Downloads an indexer's XML file; shows why when the server refuses (e.g. articles without a DOI). */
function XmlDownloadButton({ label, url, name }: { label: string; url: string; name: string }) {
  const [problem, setProblem] = useState('');

  async function download() {
    const result = await adminDownload(url, { fallbackName: name });
    if (result.ok) saveFile(result.data.blob, name);
    setProblem(result.ok || result.status === 401 ? '' : result.message);
  }

  return (
    <>
      <button type="button" onClick={() => void download()}>
        {label}
      </button>
      {problem && (
        <p className="flash flash-error" role="alert">
          {problem}
        </p>
      )}
    </>
  );
}

const issueSuffix = ({ year, volume, issue }: IssueNumbers) => `${year}/${volume}/${issue}`;

/** The issue's Crossref deposit XML. */
export const CrossrefButton = ({ issue }: { issue: IssueNumbers }) => (
  <XmlDownloadButton
    label="Crossref XML"
    url={`/api/admin/crossref/${issueSuffix(issue)}`}
    name={`crossref-${issueSuffix(issue).replaceAll('/', '-')}.xml`}
  />
);

/** DOAJ's article upload XML of the issue, or without one of the whole journal. */
export const DoajButton = ({ issue }: { issue?: IssueNumbers }) => (
  <XmlDownloadButton
    label={issue ? 'DOAJ XML' : 'DOAJ XML (all issues)'}
    url={issue ? `/api/admin/doaj/${issueSuffix(issue)}` : '/api/admin/doaj'}
    name={issue ? `doaj-${issueSuffix(issue).replaceAll('/', '-')}.xml` : 'doaj-articles.xml'}
  />
);
