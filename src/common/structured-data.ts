import { displayName, type PublicAuthor } from './authors.js';
/** schema.org structured data (JSON-LD) of the journal and its articles. */
import type { CslItem } from './citation-exports.js';
import { doiUrl } from './doi.js';
import type { PublicSettings } from './schemas/settings.js';

type Journal = Pick<PublicSettings, 'websitename' | 'issn' | 'journal_essn' | 'publisher_name'>;

/** The journal as a schema.org Periodical, with both ISSNs. */
export function periodical(journal: Journal, origin: string) {
  const issn = [journal.issn, journal.journal_essn].filter(Boolean);
  return {
    '@type': 'Periodical',
    name: journal.websitename,
    url: `${origin}/`,
    ...(issn.length ? { issn } : {}),
    ...(journal.publisher_name ? { publisher: { '@type': 'Organization', name: journal.publisher_name } } : {}),
  };
}

export const homeJsonLd = (journal: Journal, origin: string) => ({
  '@context': 'https://schema.org',
  ...periodical(journal, origin),
});

/** An article as a ScholarlyArticle inside its issue, volume and journal. */
export function articleJsonLd(item: CslItem, authors: readonly PublicAuthor[], journal: Journal, origin: string) {
  const [pageStart, pageEnd] = item.page.split('-');
  const date = item.issued['date-parts'][0]!.map((part) => String(part).padStart(2, '0')).join('-');
  return {
    '@context': 'https://schema.org',
    '@type': 'ScholarlyArticle',
    headline: item.title,
    name: item.title,
    url: item.URL,
    author: authors.map((author) => ({
      '@type': 'Person',
      givenName: author.given_name,
      familyName: author.family_name,
      name: displayName(author),
      ...(author.affiliation
        ? {
            affiliation: {
              '@type': 'Organization',
              name: author.affiliation,
              ...(author.country ? { address: { '@type': 'PostalAddress', addressCountry: author.country } } : {}),
            },
          }
        : {}),
      ...(author.orcid
        ? {
            identifier: { '@type': 'PropertyValue', propertyID: 'ORCID', value: author.orcid },
            sameAs: `https://orcid.org/${author.orcid}`,
          }
        : {}),
    })),
    datePublished: date,
    pageStart,
    pageEnd,
    abstract: item.abstract,
    ...(item.keyword ? { keywords: item.keyword } : {}),
    ...(item.DOI
      ? { sameAs: doiUrl(item.DOI), identifier: { '@type': 'PropertyValue', propertyID: 'DOI', value: item.DOI } }
      : {}),
    // The article's own licence, when it has an address: schema.org's license is a URL or a CreativeWork.
    ...(item.license && /^https?:\/\//.test(item.license) ? { license: item.license } : {}),
    isPartOf: {
      '@type': 'PublicationIssue',
      issueNumber: item.issue,
      isPartOf: { '@type': 'PublicationVolume', volumeNumber: item.volume, isPartOf: periodical(journal, origin) },
    },
  };
}
