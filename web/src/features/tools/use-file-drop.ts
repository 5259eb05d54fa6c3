import { useRef, useState, type DragEvent } from 'react';

function hasFiles(event: DragEvent): boolean {
  return event.dataTransfer.types.includes('Files');
}

/**
 * Drop handlers for a zone that accepts one file. Drags of text (a selection) are left to the
 * browser, so dropping text into a textarea still works as usual.
 */
export function useFileDrop(onFile: (file: File) => void) {
  const [isOver, setIsOver] = useState(false);
  // dragenter/dragleave fire for every child; count them to know when the pointer really left.
  const depth = useRef(0);
  const dropProps = {
    onDragEnter: (event: DragEvent) => {
      if (!hasFiles(event)) return;
      event.preventDefault();
      depth.current += 1;
      setIsOver(true);
    },
    onDragOver: (event: DragEvent) => {
      if (!hasFiles(event)) return;
      event.preventDefault();
      event.dataTransfer.dropEffect = 'copy';
    },
    onDragLeave: (event: DragEvent) => {
      if (!hasFiles(event)) return;
      depth.current = Math.max(0, depth.current - 1);
      if (depth.current === 0) setIsOver(false);
    },
    onDrop: (event: DragEvent) => {
      if (!hasFiles(event)) return;
      event.preventDefault();
      depth.current = 0;
      setIsOver(false);
      const file = event.dataTransfer.files[0];
      if (file) onFile(file);
    },
  };
  return { isOver, dropProps };
}
