import { ActionIcon } from '@mantine/core';
import {
  closestCenter,
  DndContext,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
  type Announcements,
  type DragEndEvent,
  type UniqueIdentifier,
} from '@dnd-kit/core';
import { SortableContext, sortableKeyboardCoordinates, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { useRef, useState, type ReactNode } from 'react';
import { DragHandleIcon } from './editor-icons';

/** Keys for a list whose items carry no id of their own: a key follows its item through moves, so the item being edited keeps its fields and focus. */
export function useListKeys(count: number) {
  const [state, setState] = useState(() => ({ next: count, keys: Array.from({ length: count }, (_, index) => `item-${index}`) }));
  // A list replaced from outside (another page loaded) gets keys for its new length.
  if (state.keys.length !== count) {
    const keys = state.keys.slice(0, count);
    let next = state.next;
    while (keys.length < count) keys.push(`item-${next++}`);
    setState({ next, keys });
  }
  return {
    keys: state.keys,
    added: (howMany = 1) =>
      setState(({ next, keys }) => ({ next: next + howMany, keys: [...keys, ...Array.from({ length: howMany }, (_, index) => `item-${next + index}`)] })),
    removed: (index: number) => setState(({ next, keys }) => ({ next, keys: keys.filter((_, i) => i !== index) })),
    moved: (from: number, to: number) => setState(({ next, keys }) => ({ next, keys: movedItem(keys, from, to) })),
  };
}

export function movedItem<T>(items: readonly T[], from: number, to: number): T[] {
  const copy = [...items];
  const [item] = copy.splice(from, 1);
  copy.splice(to, 0, item!);
  return copy;
}

function SortableRow({ id, label, children }: { id: string; label: string; children(handle: ReactNode): ReactNode }) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({ id });
  const handle = (
    <ActionIcon
      ref={setActivatorNodeRef}
      variant="subtle"
      color="gray"
      size="lg"
      {...attributes}
      {...listeners}
      aria-label={`Move ${label}`}
      // A finger on the handle drags the item instead of scrolling the page.
      style={{ touchAction: 'none', cursor: isDragging ? 'grabbing' : 'grab' }}
    >
      <DragHandleIcon />
    </ActionIcon>
  );
  return (
    <div
      ref={setNodeRef}
      style={{
        transform: CSS.Translate.toString(transform),
        transition,
        position: 'relative',
        zIndex: isDragging ? 1 : undefined,
        opacity: isDragging ? 0.85 : 1,
      }}
    >
      {children(handle)}
    </div>
  );
}

/**
 * A list staff reorder by dragging each item's handle with a mouse or a finger, or from the
 * keyboard (space to pick up, arrows to move, space to drop, escape to cancel), with each step
 * said to screen readers in plain words. `label` names an item as those words and the handle say it.
 */
export function SortableList({
  keys,
  label,
  onMove,
  children,
}: {
  keys: readonly string[];
  label(index: number): string;
  onMove(from: number, to: number): void;
  children(index: number, handle: ReactNode): ReactNode;
}) {
  const sensors = useSensors(useSensor(PointerSensor), useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }));
  const position = (id: UniqueIdentifier) => keys.indexOf(String(id));
  const named = (id: UniqueIdentifier) => label(position(id));
  const place = (id: UniqueIdentifier | undefined) => (id === undefined ? undefined : `position ${position(id) + 1} of ${keys.length}`);
  // The item is "over" its own place as soon as it is picked up: saying so would cut off the instructions.
  const lastOver = useRef<UniqueIdentifier | null>(null);
  const announcements: Announcements = {
    onDragStart: ({ active }) => {
      lastOver.current = active.id;
      return `Picked up ${named(active.id)}, in ${place(active.id)}. Use the arrow keys to move it, space to drop it, escape to cancel.`;
    },
    onDragOver: ({ active, over }) => {
      if ((over?.id ?? null) === lastOver.current) return undefined;
      lastOver.current = over?.id ?? null;
      return over ? `Moving ${named(active.id)} to ${place(over.id)}.` : `Moving ${named(active.id)}, outside the list.`;
    },
    onDragEnd: ({ active, over }) => (over ? `Dropped ${named(active.id)} in ${place(over.id)}.` : `Dropped ${named(active.id)} where it was.`),
    onDragCancel: ({ active }) => `Moving cancelled: ${named(active.id)} is back in ${place(active.id)}.`,
  };
  const dropped = ({ active, over }: DragEndEvent) => {
    if (over && active.id !== over.id) onMove(position(active.id), position(over.id));
  };
  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      onDragEnd={dropped}
      accessibility={{
        announcements,
        screenReaderInstructions: {
          draggable: 'To move this item, press space, then the up and down arrow keys; press space again to drop it, or escape to cancel.',
        },
      }}
    >
      <SortableContext items={[...keys]} strategy={verticalListSortingStrategy}>
        {keys.map((key, index) => (
          <SortableRow key={key} id={key} label={label(index)}>
            {(handle) => children(index, handle)}
          </SortableRow>
        ))}
      </SortableContext>
    </DndContext>
  );
}
