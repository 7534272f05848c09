/** An indexing service the journal is listed in, as GET /api/indexing/ answers it. */
export interface IndexingEntry {
  id: number;
  title: string;
  link: string;
  image: string;
  sortnumber: number;
  status: string;
}
