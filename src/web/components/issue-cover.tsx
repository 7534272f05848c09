import { coverIssueHeading } from '../../common/archive-links.js';
import { IMPACT_FACTOR_DISPLAY_CHARS } from '../../common/constants.js';
import type { YearGroup } from '../../common/schemas/archives.js';
import type { PublicSettings } from '../../common/schemas/settings.js';

export interface CurrentIssue {
  year: number;
  volume: number;
  issue: number;
  frequency: string;
}

/** The newest issue: year groups come newest first, their issues highest first. */
export function currentIssue(groups: YearGroup[]): CurrentIssue | null {
  const group = groups[0];
  const issue = group?.issues[0];
  if (!group || issue === undefined) return null;
  return { year: group.year, volume: group.volume, issue, frequency: group.issue_month[issue] ?? '' };
}

/**
 * A picture of the current issue's cover, drawn from what the cover-page PDF prints (src/server/pdf/cover-page.ts,
 * banner variant): the journal's name and ISSNs in the band, the issue heading, the journal's facts, the publisher.
 */
export function IssueCover({ settings, issue }: { settings: PublicSettings; issue: CurrentIssue | null }) {
  const heading = issue ? coverIssueHeading(issue) : null;
  const issns = [
    settings.issn && `ISSN: ${settings.issn}`,
    settings.journal_essn && `E-ISSN: ${settings.journal_essn}`,
  ].filter(Boolean);
  return (
    <figure
      className="issue-cover"
      role="img"
      aria-label={`Cover of ${settings.websitename}${heading ? `, ${heading}` : ''}`}
    >
      <div className="issue-cover-band">
        <img src="/logo.svg" alt="" width="40" height="40" />
        <span className="issue-cover-name" dangerouslySetInnerHTML={{ __html: settings.formatted_journal_name }} />
        {issns.length > 0 && <span className="issue-cover-issn">{issns.join(' | ')}</span>}
      </div>
      {heading && <span className="issue-cover-heading">{heading}</span>}
      <span className="issue-cover-panel">
        <span className="issue-cover-label">Current issue</span>
        <span>Peer reviewed · Open access</span>
        {settings.impactfactor && (
          <span>Impact factor {settings.impactfactor.slice(0, IMPACT_FACTOR_DISPLAY_CHARS)}</span>
        )}
      </span>
      <span className="issue-cover-foot">{settings.publisher_name || settings.websitename}</span>
    </figure>
  );
}
