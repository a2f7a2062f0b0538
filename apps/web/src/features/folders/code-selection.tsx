import { Checkbox } from '@mantine/core';
import type { CodeView } from '@qr/contracts';
import { useState } from 'react';

/** Which codes of the list on screen are ticked, for the bulk actions and for dragging several at once. */
export function useCodeSelection() {
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  return {
    selected,
    toggle: (codeId: string) =>
      setSelected((current) => {
        const next = new Set(current);
        if (!next.delete(codeId)) next.add(codeId);
        return next;
      }),
    setAll: (codeIds: readonly string[], on: boolean) => setSelected(on ? new Set(codeIds) : new Set()),
    clear: () => setSelected(new Set()),
  };
}
export type CodeSelection = ReturnType<typeof useCodeSelection>;

/** Ticks a code for the bulk actions, in the laptop's table and on the phone's cards alike. */
export function CodeTick({ code, selection }: { code: Pick<CodeView, 'code_id' | 'name'>; selection: CodeSelection }) {
  return <Checkbox aria-label={`Select ${code.name}`} checked={selection.selected.has(code.code_id)} onChange={() => selection.toggle(code.code_id)} />;
}

/** Ticks or unticks every code on the page: a header cell in the table, a labelled box above the phone's cards. */
export function SelectAllCell({ codeIds, selection, labelShown = false }: { codeIds: readonly string[]; selection: CodeSelection; labelShown?: boolean }) {
  const ticked = codeIds.filter((id) => selection.selected.has(id)).length;
  const label = 'Select every code on this page';
  return (
    <Checkbox
      {...(labelShown ? { label } : { 'aria-label': label })}
      checked={ticked > 0 && ticked === codeIds.length}
      indeterminate={ticked > 0 && ticked < codeIds.length}
      onChange={(event) => selection.setAll(codeIds, event.currentTarget.checked)}
    />
  );
}
