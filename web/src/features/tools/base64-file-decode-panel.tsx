import { decodeBase64, type TBase64Decoded } from '@stratum/core/tools/base64/base64';
import { parseDataUrl, toDataUrl } from '@stratum/core/tools/base64/data-url';
import { extensionFor, sniffFileType, UNKNOWN_BINARY } from '@stratum/core/tools/base64/file-type';
import { firstInvalidUtf8 } from '@stratum/core/tools/base64/utf8';
import { Download } from 'lucide-react';
import { useMemo, useState } from 'react';
import { Button } from '../../components/button';
import { Panel } from '../../components/panel';
import { TextField } from '../../components/text-field';
import { CodeArea } from './code-area';
import { downloadFile } from './download';
import { formatBytes } from './format';
import { OpenFileButton } from './open-file-button';
import { isPreviewableImage, MAX_PREVIEW_BYTES } from './image-preview';

interface Decoded {
  result: TBase64Decoded;
  mediaType: string;
  label: string;
  extension: string;
}

function decode(input: string): Decoded | null {
  if (input.trim() === '') return null;
  const dataUrl = parseDataUrl(input);
  const result = dataUrl ? dataUrl.decoded : decodeBase64(input);
  if (!result.ok) return { result, mediaType: '', label: '', extension: 'bin' };
  const sniffed = sniffFileType(result.bytes);
  if (dataUrl) {
    return {
      result,
      mediaType: dataUrl.mediaType,
      label: sniffed?.label ?? dataUrl.mediaType,
      extension: extensionFor(dataUrl.mediaType),
    };
  }
  if (sniffed) return { result, ...sniffed };
  return firstInvalidUtf8(result.bytes) < 0
    ? { result, mediaType: 'text/plain', label: 'Text', extension: 'txt' }
    : { result, ...UNKNOWN_BINARY };
}

/** Base64 or a data URL → a file to download, with its type recognised when possible. */
export function FileDecodePanel() {
  const [input, setInput] = useState('');
  const [fileName, setFileName] = useState<string | null>(null);
  const decoded = useMemo(() => decode(input), [input]);
  const bytes = decoded?.result.ok ? decoded.result.bytes : null;
  const suggested = `decoded.${decoded?.extension ?? 'bin'}`;
  const name = fileName ?? suggested;
  const previewUrl = useMemo(
    () =>
      bytes && decoded && isPreviewableImage(decoded.mediaType) && bytes.length <= MAX_PREVIEW_BYTES
        ? toDataUrl(bytes, decoded.mediaType)
        : null,
    [bytes, decoded],
  );

  const handleOpen = (file: File) => {
    void file.text().then(setInput);
  };

  return (
    <Panel title="Base64 to file">
      <div className="space-y-4">
        <CodeArea
          label="Base64 or data URL"
          value={input}
          onValueChange={setInput}
          onFile={handleOpen}
          rows={6}
          placeholder="iVBORw0KGgo… or data:image/png;base64,…"
          error={decoded && !decoded.result.ok ? decoded.result.error.message : null}
          actions={
            <OpenFileButton
              what="Base64"
              accept=".txt,.b64,.base64,text/plain"
              onFile={handleOpen}
            />
          }
          hint="Paste it, or open or drop a text file that holds it."
        />
        {bytes && decoded && (
          <div className="space-y-3">
            <p className="text-sm text-slate-700" role="status">
              {formatBytes(bytes.length)} · {decoded.label}
              {decoded.mediaType && decoded.label !== decoded.mediaType
                ? ` (${decoded.mediaType})`
                : ''}
            </p>
            {previewUrl && (
              <img
                src={previewUrl}
                alt="Preview of the decoded image"
                className="max-h-40 rounded border border-slate-200"
              />
            )}
            <div className="flex flex-wrap items-end gap-3">
              <TextField
                label="File name"
                value={name}
                onChange={(event) => setFileName(event.target.value)}
                className="min-w-0 flex-1"
                spellCheck={false}
              />
              <Button
                onClick={() =>
                  downloadFile(
                    bytes,
                    name || suggested,
                    decoded.mediaType || 'application/octet-stream',
                  )
                }
              >
                <Download className="size-4" aria-hidden="true" />
                Download file
              </Button>
            </div>
          </div>
        )}
      </div>
    </Panel>
  );
}
