import { useState } from 'react';

/** Checkbox selection of table rows by id, with a select-all box (used by the bulk actions and PDF exports). */
export function useRowSelection(ids: number[]) {
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const current = ids.filter((id) => selected.has(id));
  const all = ids.length > 0 && current.length === ids.length;
  return {
    selectedIds: current,
    isSelected: (id: number) => selected.has(id),
    toggle(id: number) {
      const next = new Set(selected);
      if (!next.delete(id)) next.add(id);
      setSelected(next);
    },
    allBox: (
      <input
        type="checkbox"
        aria-label="Select all rows"
        checked={all}
        onChange={() => setSelected(all ? new Set() : new Set(ids))}
      />
    ),
  };
}
