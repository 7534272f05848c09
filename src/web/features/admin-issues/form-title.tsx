/** The heading of an issue form, with the X that closes it. */
export function FormTitle({ title, onClose }: { title: string; onClose: () => void }) {
  return (
    <div className="form-title">
      <h2>{title}</h2>
      <button type="button" className="icon-button" aria-label="Close" onClick={onClose}>
        ×
      </button>
    </div>
  );
}
