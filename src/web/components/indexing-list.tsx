import type { IndexingEntry } from '../../common/schemas/indexing.js';

/** Indexing logos; each links to its service, or is inert when it has no link. */
export function IndexingList({ entries, variant }: { entries: readonly IndexingEntry[]; variant: 'sidebar' | 'grid' }) {
  return (
    <ul className={`indexing-list indexing-${variant}`} id={variant === 'sidebar' ? '1' : undefined}>
      {entries.map((entry) => {
        const logo = <img src={`/assets/indexing/${entry.image}`} alt={entry.title} loading="lazy" />;
        return (
          <li key={entry.id}>
            {entry.link ? (
              <a href={entry.link} target="_blank" rel="noopener noreferrer" title={entry.title}>
                {logo}
              </a>
            ) : (
              <span title={entry.title}>{logo}</span>
            )}
          </li>
        );
      })}
    </ul>
  );
}
