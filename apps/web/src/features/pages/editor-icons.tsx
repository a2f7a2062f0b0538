// The page builder's two icons, drawn inline: the app ships no icon set, and two paths do not need one.
const iconProps = { width: 18, height: 18, viewBox: '0 0 24 24', 'aria-hidden': true, focusable: false } as const;

/** Six dots: the handle an item is dragged by. */
export function DragHandleIcon() {
  return (
    <svg {...iconProps} fill="currentColor">
      {[5, 12, 19].flatMap((y) => [9, 15].map((x) => <circle key={`${x}-${y}`} cx={x} cy={y} r={1.8} />))}
    </svg>
  );
}

/** A bin: removes the item it sits on. */
export function RemoveIcon() {
  return (
    <svg {...iconProps} fill="none" stroke="currentColor" strokeWidth={2} strokeLinecap="round" strokeLinejoin="round">
      <path d="M4 7h16M10 11v6M14 11v6M5 7l1 12a2 2 0 0 0 2 2h8a2 2 0 0 0 2-2l1-12M9 7V4h6v3" />
    </svg>
  );
}
