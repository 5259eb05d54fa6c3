import { Check, Copy } from 'lucide-react';
import { useEffect, useState } from 'react';
import { toast } from 'sonner';
import { Button, type ButtonProps } from '../../components/button';
import { copyText } from './clipboard';

export interface CopyButtonProps extends Omit<ButtonProps, 'onClick' | 'children'> {
  /** The text to copy; the button is disabled while it is empty. */
  text: string;
  /** What is copied, for the accessible name: "Copy <what>". */
  what: string;
  /** The visible label (default "Copy"). */
  label?: string;
}

/** Copies `text` and says so on the button for two seconds. */
export function CopyButton({
  text,
  what,
  label = 'Copy',
  size = 'sm',
  variant = 'secondary',
  ...rest
}: CopyButtonProps) {
  const [isCopied, setIsCopied] = useState(false);
  useEffect(() => {
    if (!isCopied) return;
    const timer = window.setTimeout(() => setIsCopied(false), 2000);
    return () => window.clearTimeout(timer);
  }, [isCopied]);

  const handleClick = () => {
    copyText(text).then(
      () => setIsCopied(true),
      (error: unknown) =>
        toast.error(`Could not copy: ${error instanceof Error ? error.message : String(error)}`),
    );
  };
  const Icon = isCopied ? Check : Copy;
  return (
    <Button
      size={size}
      variant={variant}
      disabled={text === ''}
      aria-label={`Copy ${what}`}
      onClick={handleClick}
      {...rest}
    >
      <Icon className="size-4" aria-hidden="true" />
      <span aria-hidden="true">{isCopied ? 'Copied' : label}</span>
      <span className="sr-only" role="status">
        {isCopied ? `${what} copied` : ''}
      </span>
    </Button>
  );
}
