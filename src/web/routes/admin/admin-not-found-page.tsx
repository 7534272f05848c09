export function AdminNotFoundPage() {
  return (
    <section className="admin-card admin-empty">
      <h1>Not Found!</h1>
    </section>
  );
}
