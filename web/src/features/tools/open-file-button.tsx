import { FolderOpen } from 'lucide-react';
import { useRef } from 'react';
import { Button } from '../../components/button';

export interface OpenFileButtonProps {
  /** What the file is for, for the accessible name: "Open <what> file". */
  what: string;
  accept?: string;
  onFile: (file: File) => void;
}

/** A button that opens the system file picker; the file input itself stays out of sight. */
export function OpenFileButton({ what, accept, onFile }: OpenFileButtonProps) {
  const inputRef = useRef<HTMLInputElement>(null);
  return (
    <>
      <Button
        variant="secondary"
        size="sm"
        aria-label={`Open ${what} file`}
        onClick={() => inputRef.current?.click()}
      >
        <FolderOpen className="size-4" aria-hidden="true" />
        Open file
      </Button>
      <input
        ref={inputRef}
        type="file"
        className="hidden"
        tabIndex={-1}
        aria-hidden="true"
        accept={accept}
        onChange={(event) => {
          const file = event.target.files?.[0];
          // Cleared so that choosing the same file again still fires a change.
          event.target.value = '';
          if (file) onFile(file);
        }}
      />
    </>
  );
}
