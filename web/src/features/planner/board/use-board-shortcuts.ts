import type { KeyboardEvent } from 'react';

export interface TBoardCommands {
  undo: () => void;
  redo: () => void;
  copy: () => void;
  cut: () => void;
  paste: () => void;
  duplicate: () => void;
  selectAll: () => void;
  clearSelection: () => void;
  layout: () => void;
  fit: () => void;
  help: () => void;
}

/** The board's shortcuts, listed in the shortcuts dialog. Delete and arrows are React Flow's. */
export const SHORTCUTS: readonly { keys: string; action: string }[] = [
  { keys: 'Ctrl+Z', action: 'Undo' },
  { keys: 'Ctrl+Shift+Z or Ctrl+Y', action: 'Redo' },
  { keys: 'Ctrl+C / Ctrl+X / Ctrl+V', action: 'Copy, cut, paste' },
  { keys: 'Ctrl+D', action: 'Duplicate the selection' },
  { keys: 'Ctrl+A', action: 'Select everything' },
  { keys: 'Delete or Backspace', action: 'Remove the selection' },
  { keys: 'Arrow keys', action: 'Move the focused item' },
  { keys: 'Shift+click, drag on empty space with Shift', action: 'Select several' },
  { keys: 'L', action: 'Automatic layout' },
  { keys: 'F', action: 'Zoom to fit' },
  { keys: 'Escape', action: 'Clear the selection' },
  { keys: '?', action: 'Show these shortcuts' },
];

const isTyping = (target: EventTarget) =>
  target instanceof HTMLElement &&
  (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName));

/** Turns a key press inside the board into a command; returns whether it was one. */
export function handleBoardKey(event: KeyboardEvent<HTMLElement>, commands: TBoardCommands): void {
  if (isTyping(event.target)) return;
  const mod = event.ctrlKey || event.metaKey;
  const key = event.key.toLowerCase();
  const run = (command: () => void) => {
    event.preventDefault();
    event.stopPropagation();
    command();
  };
  if (mod && key === 'z') return run(event.shiftKey ? commands.redo : commands.undo);
  if (mod && key === 'y') return run(commands.redo);
  if (mod && key === 'c') return run(commands.copy);
  if (mod && key === 'x') return run(commands.cut);
  if (mod && key === 'v') return run(commands.paste);
  if (mod && key === 'd') return run(commands.duplicate);
  if (mod && key === 'a') return run(commands.selectAll);
  if (mod || event.altKey) return;
  if (key === 'escape') return run(commands.clearSelection);
  if (key === 'l') return run(commands.layout);
  if (key === 'f') return run(commands.fit);
  if (event.key === '?') return run(commands.help);
}
