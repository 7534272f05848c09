import { useEffect, useState } from 'react';
import type { ArticleFigures, UsageBeaconAnswer } from '../../common/schemas/usage.js';
import { apiRequest } from './api-client.js';

/**
 * Counts this page's use once it has loaded in a browser (decision 101): pages come from caches the server never
 * sees, and robots that run no scripts never send it. Answers what the server said back; null until then, or when
 * `value` is null (nothing to count).
 */
function useBeacon(path: string, field: string, value: string | null): UsageBeaconAnswer | null {
  const [answered, setAnswered] = useState<{ value: string; answer: UsageBeaconAnswer } | null>(null);
  useEffect(() => {
    if (value === null) return;
    let current = true;
    void apiRequest<UsageBeaconAnswer>(path, { method: 'POST', body: { [field]: value }, withToken: false }).then(
      (result) => {
        if (current && result.ok) setAnswered({ value, answer: result.data });
      },
    );
    return () => {
      current = false;
    };
  }, [path, field, value]);
  // What the last page answered is not this page's.
  return answered?.value === value ? answered.answer : null;
}

/** Counts a view of the article's abstract; answers its figures when the journal shows them. */
export const useViewBeacon = (refnumber: string) => useBeacon('/api/usage/view', 'ref', refnumber);

/** Counts a search; null counts nothing. */
export const useSearchBeacon = (query: string | null) => useBeacon('/api/usage/search', 'query', query);

/** An article's views and downloads as counted so far, for the author download page; null until they arrive. */
export function useArticleFigures(refnumber: string): ArticleFigures | null {
  const [answered, setAnswered] = useState<{ refnumber: string; figures: ArticleFigures } | null>(null);
  useEffect(() => {
    let current = true;
    void apiRequest<ArticleFigures>(`/api/usage/figures?${new URLSearchParams({ ref: refnumber })}`, {
      withToken: false,
    }).then((result) => {
      if (current && result.ok) setAnswered({ refnumber, figures: result.data });
    });
    return () => {
      current = false;
    };
  }, [refnumber]);
  return answered?.refnumber === refnumber ? answered.figures : null;
}

/** "12 views · 3 downloads". */
export const figuresText = ({ views, downloads }: ArticleFigures) =>
  `${views} ${views === 1 ? 'view' : 'views'} · ${downloads} ${downloads === 1 ? 'download' : 'downloads'}`;
