import { data, useLoaderData, type LoaderFunctionArgs } from 'react-router';
import { leadingNumber, yearPath } from '../../../common/archive-links.js';
import type { YearGroup } from '../../../common/schemas/archives.js';
import { IssueItems } from '../../components/archive-year-list.js';
import { siteTitle, type HeadArgs, type HeadData } from '../../lib/head.js';
import { apiFrom } from '../../lib/public-api.js';
import { NotFoundPage, notFoundHead } from './not-found-page.js';
import '../../styles/public-pages.css';

interface YearData {
  year: number;
  /** The year's volumes (usually one), each with its issues, newest first. */
  groups: YearGroup[];
}

type YearLoaderData = YearData | { notFound: true };

const notFound = () => data<YearLoaderData>({ notFound: true }, { status: 404 });

/**
 * The issues of one year, which its year group's title links to (decision 107). The year is read as its first run
 * of digits, as in an issue's address; a year without a published issue is a 404.
 */
export async function yearLoader({ params, context }: LoaderFunctionArgs) {
  const year = leadingNumber(params.year);
  if (year === null) return notFound();
  const groups = (await apiFrom(context).yearGroups()).filter(
    (group) => group.year === year && group.issues.length > 0,
  );
  return groups.length > 0 ? data<YearLoaderData>({ year, groups }) : notFound();
}

const titleOf = (year: number) => `${year} ISSUES`;

export function yearHead(args: HeadArgs<YearLoaderData>): HeadData {
  if ('notFound' in args.data) return notFoundHead(args);
  const { year } = args.data;
  return {
    title: siteTitle(args.settings, titleOf(year)),
    description: `The issues of ${args.settings.websitename} published in ${year}.`,
    canonicalPath: yearPath(year),
  };
}

export function YearPage() {
  const loaded = useLoaderData<typeof yearLoader>();
  if ('notFound' in loaded) return <NotFoundPage />;
  return (
    <section className="card year-page">
      <h1>{titleOf(loaded.year)}</h1>
      {loaded.groups.map((group) => (
        <ul key={group.volume} aria-label={`Volume ${group.volume}`}>
          <IssueItems group={group} pathname={null} />
        </ul>
      ))}
    </section>
  );
}
