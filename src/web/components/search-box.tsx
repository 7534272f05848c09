import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';

/** Header search: goes to /search?keyword=… and clears the field. Without JavaScript it is a plain GET form. */
export function SearchBox() {
  const navigate = useNavigate();
  const [keyword, setKeyword] = useState('');

  function submit(event: FormEvent) {
    event.preventDefault();
    navigate(`/search?keyword=${encodeURIComponent(keyword)}`);
    setKeyword('');
  }

  return (
    <form className="search-box" role="search" action="/search" method="get" onSubmit={submit}>
      <label htmlFor="site-search" className="visually-hidden">
        Search articles
      </label>
      <input
        id="site-search"
        name="keyword"
        type="search"
        placeholder="Search articles…"
        value={keyword}
        onChange={(event) => setKeyword(event.target.value)}
      />
      <button type="submit">Search</button>
    </form>
  );
}
