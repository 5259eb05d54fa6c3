import { useEffect, useRef, type RefObject } from 'react';

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

const isTyping = (target: EventTarget | null) =>
  target instanceof HTMLElement &&
  (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName));

/**
 * Turns a key press into a board command. Inside the board every shortcut applies; with the
 * focus on the page itself (after Delete removed the focused node, focus falls to the body) only
 * undo and redo do, so that copying page text or Ctrl+A elsewhere keep their usual meaning.
 */
export function handleBoardKey(
  event: KeyboardEvent,
  commands: TBoardCommands,
  isInside: boolean,
): void {
  if (event.defaultPrevented || isTyping(event.target)) return;
  const mod = event.ctrlKey || event.metaKey;
  const key = event.key.toLowerCase();
  const run = (command: () => void) => {
    event.preventDefault();
    event.stopPropagation();
    command();
  };
  if (mod && key === 'z') return run(event.shiftKey ? commands.redo : commands.undo);
  if (mod && key === 'y') return run(commands.redo);
  if (!isInside) return;
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

/**
 * The board's shortcuts, listened for on the document: every one inside the canvas; undo and
 * redo also in the rest of the board (toolbar, panels) and with nothing focused (the body).
 */
export function useBoardShortcuts(
  board: RefObject<HTMLElement | null>,
  canvas: RefObject<HTMLElement | null>,
  commands: TBoardCommands,
) {
  const latest = useRef(commands);
  latest.current = commands;
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      const target = event.target;
      const within = (ref: RefObject<HTMLElement | null>) =>
        target instanceof Node && ref.current?.contains(target) === true;
      const isBody = target === document.body || target === document.documentElement;
      if (isBody || within(board)) handleBoardKey(event, latest.current, within(canvas));
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [board, canvas]);
}
