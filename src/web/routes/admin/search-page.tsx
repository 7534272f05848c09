import { Link, useLoaderData, type LoaderFunctionArgs } from 'react-router';
import type { ArticleRecord } from '../../../common/schemas/archives.js';
import { adminLoad } from '../../features/admin-shell/admin-request.js';
import { AdminTable } from '../../features/admin-shell/admin-table.js';

interface SearchData {
  q: string;
  articles: ArticleRecord[];
}

export async function searchLoader({ request }: LoaderFunctionArgs): Promise<SearchData> {
  const q = new URL(request.url).searchParams.get('q')?.trim() ?? '';
  const articles = q ? await adminLoad<ArticleRecord[]>(`/api/admin/search?q=${encodeURIComponent(q)}`) : [];
  return { q, articles };
}

/** Every article of any status matching a reference number, title, author or transaction id. */
export function SearchPage() {
  const { q, articles } = useLoaderData<typeof searchLoader>();
  if (articles.length === 0) {
    return (
      <section className="admin-card admin-empty">
        <h1>Not Found!</h1>
        {q && <p className="muted">Nothing matched “{q}”.</p>}
      </section>
    );
  }
  return (
    <section>
      <h1>
        {articles.length} result{articles.length === 1 ? '' : 's'} for “{q}”
      </h1>
      <AdminTable columns={['Ref No.', 'Title and Authors', 'Issue', 'Txn ID', 'Status']} actions={false}>
        {articles.map((article) => (
          <tr key={article.id}>
            <td>
              <Link to={`/admin/archives/${article.id}`}>{article.refnumber}</Link>
            </td>
            <td>
              <span className="article-title" dangerouslySetInnerHTML={{ __html: article.title }} />
              <span className="muted">{article.authorname}</span>
            </td>
            <td>
              {article.year} / {article.volume} / {article.issue}
            </td>
            <td>{article.txnid}</td>
            <td>{article.status}</td>
          </tr>
        ))}
      </AdminTable>
    </section>
  );
}
