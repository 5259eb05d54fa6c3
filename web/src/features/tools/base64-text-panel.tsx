import {
  decodeBase64,
  encodeBase64,
  type Base64EncodeOptions,
} from '@stratum/core/tools/base64/base64';
import { base64ToText, textToBase64 } from '@stratum/core/tools/base64/text';
import { Download, Eraser } from 'lucide-react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { Button } from '../../components/button';
import { CodeArea } from './code-area';
import { CopyButton } from './copy-button';
import { downloadFile } from './download';
import { formatBytes, plural } from './format';

export interface TextPanelProps {
  options: Base64EncodeOptions;
}

/** What the user last typed into: the other side is derived from it, live. */
type TSource = { from: 'text'; text: string } | { from: 'base64'; encoded: string };

/** Text ↔ Base64, both ways at once; UTF-8 throughout. */
export function TextPanel({ options }: TextPanelProps) {
  const [source, setSource] = useState<TSource>({ from: 'text', text: '' });
  const decoded = useMemo(
    () => (source.from === 'base64' ? base64ToText(source.encoded) : null),
    [source],
  );
  const text = source.from === 'text' ? source.text : decoded?.kind === 'text' ? decoded.text : '';
  const encoded = useMemo(
    () => (source.from === 'text' ? textToBase64(source.text, options) : source.encoded),
    [source, options],
  );

  // Switching alphabet or padding re-writes pasted Base64 too, as long as it decodes.
  const previousOptions = useRef(options);
  useEffect(() => {
    if (previousOptions.current === options) return;
    previousOptions.current = options;
    setSource((current) => {
      if (current.from !== 'base64') return current;
      const bytes = decodeBase64(current.encoded);
      return bytes.ok ? { from: 'base64', encoded: encodeBase64(bytes.bytes, options) } : current;
    });
  }, [options]);

  const byteLength = useMemo(() => new TextEncoder().encode(text).length, [text]);
  const error = decoded?.kind === 'error' ? decoded.message : null;

  return (
    <div className="grid gap-5 lg:grid-cols-2">
      <div className="min-w-0 space-y-2">
        <CodeArea
          label="Text"
          value={text}
          onValueChange={(value) => setSource({ from: 'text', text: value })}
          rows={10}
          placeholder="Type or paste text: any language, emoji welcome"
          readOnly={decoded?.kind === 'binary'}
          actions={
            <>
              <CopyButton text={text} what="text" />
              <Button
                variant="ghost"
                size="sm"
                aria-label="Clear both"
                disabled={text === '' && encoded === ''}
                onClick={() => setSource({ from: 'text', text: '' })}
              >
                <Eraser className="size-4" aria-hidden="true" />
                Clear
              </Button>
            </>
          }
          hint={`${plural(Array.from(text).length, 'character')} · ${formatBytes(byteLength)} as UTF-8`}
        />
        {decoded?.kind === 'binary' && (
          <div className="flex flex-wrap items-center gap-3 rounded-md border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-900">
            <span className="min-w-0 flex-1">{decoded.message}.</span>
            <Button
              size="sm"
              variant="secondary"
              onClick={() => downloadFile(decoded.bytes, 'decoded.bin', 'application/octet-stream')}
            >
              <Download className="size-4" aria-hidden="true" />
              Download bytes
            </Button>
          </div>
        )}
      </div>
      <CodeArea
        label="Base64"
        value={encoded}
        onValueChange={(value) => setSource({ from: 'base64', encoded: value })}
        rows={10}
        placeholder="…or paste Base64 to decode it"
        error={error}
        actions={<CopyButton text={error ? '' : encoded} what="Base64" />}
        hint={`${plural(encoded.length, 'character')}${decoded?.kind === 'text' ? ` · decodes to ${formatBytes(decoded.byteLength)}` : ''}. Line breaks and spaces are ignored when decoding; either alphabet is accepted.`}
      />
    </div>
  );
}
