import { lineEndings, splitLines } from '@stratum/core/tools/diff/lines';
import { isIdentical } from '@stratum/core/tools/diff/line-diff';
import { formatUnifiedPatch } from '@stratum/core/tools/diff/unified-patch';
import { Download } from 'lucide-react';
import { useMemo, useState } from 'react';
import { Button } from '../../components/button';
import { FormMessage } from '../../components/form-message';
import { Spinner } from '../../components/spinner';
import { CopyButton } from './copy-button';
import { downloadFile } from './download';
import { DiffInput } from './diff-input';
import { CONTEXTS, DiffOptions, type TContext } from './diff-options';
import { DiffSummary } from './diff-summary';
import { DiffView, type TDiffLayout } from './diff-view';
import { useLineDiff } from './use-line-diff';

/** Side by side where there is room for two columns of code, unified on a phone. */
function initialLayout(): TDiffLayout {
  return window.matchMedia('(min-width: 768px)').matches ? 'split' : 'unified';
}

export function DiffTool() {
  const [left, setLeft] = useState('');
  const [right, setRight] = useState('');
  const [leftName, setLeftName] = useState('original.txt');
  const [rightName, setRightName] = useState('changed.txt');
  const [layout, setLayout] = useState<TDiffLayout>(initialLayout);
  const [ignoreWhitespace, setIgnoreWhitespace] = useState(false);
  const [ignoreCase, setIgnoreCase] = useState(false);
  const [context, setContext] = useState<TContext>('3');
  const { diff, isPending } = useLineDiff(left, right, ignoreWhitespace, ignoreCase);

  const patch = useMemo(
    () =>
      diff
        ? formatUnifiedPatch(diff, {
            leftName: leftName || 'original',
            rightName: rightName || 'changed',
          })
        : '',
    [diff, leftName, rightName],
  );
  const endings = useMemo(
    () => [lineEndings(splitLines(left)), lineEndings(splitLines(right))] as const,
    [left, right],
  );
  const hasEndingMismatch =
    !ignoreWhitespace && endings[0] !== endings[1] && !endings.includes('none');

  const handleSwap = () => {
    setLeft(right);
    setRight(left);
    setLeftName(rightName);
    setRightName(leftName);
  };

  const isEmpty = left === '' && right === '';
  const ignoring = [ignoreWhitespace && 'whitespace', ignoreCase && 'case'].filter(Boolean);

  return (
    <div className="space-y-5">
      <div className="grid gap-5 md:grid-cols-2">
        <DiffInput
          label="Original"
          value={left}
          name={leftName}
          placeholder="The old version"
          onChange={setLeft}
          onNameChange={setLeftName}
        />
        <DiffInput
          label="Changed"
          value={right}
          name={rightName}
          placeholder="The new version"
          onChange={setRight}
          onNameChange={setRightName}
        />
      </div>

      <DiffOptions
        layout={layout}
        ignoreWhitespace={ignoreWhitespace}
        ignoreCase={ignoreCase}
        context={context}
        canSwap={!isEmpty}
        onLayoutChange={setLayout}
        onIgnoreWhitespaceChange={setIgnoreWhitespace}
        onIgnoreCaseChange={setIgnoreCase}
        onContextChange={setContext}
        onSwap={handleSwap}
      />

      <section aria-labelledby="diff-result-title" className="space-y-3">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <div className="flex flex-wrap items-center gap-x-4 gap-y-1">
            <h2 id="diff-result-title" className="text-lg font-semibold text-slate-900">
              Differences
            </h2>
            {diff && !isEmpty && <DiffSummary stats={diff.stats} />}
            {isPending && (
              <span role="status" className="inline-flex items-center gap-2 text-sm text-slate-600">
                <Spinner className="size-4" />
                Comparing…
              </span>
            )}
          </div>
          <div className="flex flex-wrap gap-2">
            <CopyButton text={patch} what="unified patch" label="Copy patch" />
            <Button
              variant="secondary"
              size="sm"
              disabled={patch === ''}
              onClick={() => downloadFile(patch, `${rightName || 'changes'}.patch`, 'text/x-diff')}
            >
              <Download className="size-4" aria-hidden="true" />
              Download .patch
            </Button>
          </div>
        </div>
        {hasEndingMismatch && (
          <FormMessage tone="info">
            Line endings differ: the original uses {endings[0]}, the changed text uses {endings[1]}.
            Tick “Ignore whitespace” to compare the content only.
          </FormMessage>
        )}
        {isEmpty ? (
          <p className="rounded-lg border border-dashed border-slate-300 bg-white px-4 py-10 text-center text-sm text-slate-700">
            Paste or open two versions above to see what changed.
          </p>
        ) : diff && isIdentical(diff) ? (
          <p className="rounded-lg border border-green-200 bg-green-50 px-4 py-6 text-center text-sm font-medium text-green-900">
            No differences{ignoring.length > 0 ? ` (ignoring ${ignoring.join(' and ')})` : ''}.
          </p>
        ) : diff ? (
          <DiffView
            key={context}
            diff={diff}
            layout={layout}
            context={CONTEXTS[context]}
            ignoreWhitespace={ignoreWhitespace}
            ignoreCase={ignoreCase}
          />
        ) : null}
      </section>
    </div>
  );
}
