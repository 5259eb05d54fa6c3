import { useEffect } from 'react';

/** Ctrl+K (or ⌘K on a Mac) toggles the command palette from anywhere. */
export function usePaletteShortcut(onToggle: () => void): void {
  useEffect(() => {
    const handleKey = (event: KeyboardEvent) => {
      if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === 'k') {
        event.preventDefault();
        onToggle();
      }
    };
    window.addEventListener('keydown', handleKey);
    return () => window.removeEventListener('keydown', handleKey);
  }, [onToggle]);
}
