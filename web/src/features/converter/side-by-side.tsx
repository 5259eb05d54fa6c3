import { defaultHighlightStyle, syntaxHighlighting } from '@codemirror/language';
import { MergeView } from '@codemirror/merge';
import { EditorState, StateEffect, StateField } from '@codemirror/state';
import { Decoration, EditorView, lineNumbers } from '@codemirror/view';
import { useEffect, useRef } from 'react';
import { codeTheme } from '../../lib/code-theme';
import { languageFor } from '../../lib/code-languages';
import { useMediaQuery } from '../../lib/use-media-query';

/** A line to bring into view and mark: `nonce` changes on every click, so a repeat scrolls again. */
export interface TLineFocus {
  readonly side: 'input' | 'output';
  readonly line: number;
  readonly nonce: number;
}

export interface SideBySideProps {
  input: { path: string; content: string };
  output: { path: string; content: string } | undefined;
  focus: TLineFocus | null;
  /** Mark changed lines: useful between two files of one format, noise between two formats. */
  isDiff: boolean;
}

const markLine = StateEffect.define<number | null>();
const markedLine = StateField.define({
  create: () => Decoration.none,
  update(marks, tr) {
    for (const e of tr.effects) {
      if (!e.is(markLine)) continue;
      if (e.value === null) return Decoration.none;
      const line = tr.state.doc.line(e.value);
      return Decoration.set([Decoration.line({ class: 'cm-converter-mark' }).range(line.from)]);
    }
    return marks.map(tr.changes);
  },
  provide: (f) => EditorView.decorations.from(f),
});
const markTheme = EditorView.theme({
  '.cm-converter-mark': { backgroundColor: '#fef3c7', outline: '1px solid #f59e0b' },
  // Whole pixels: with the app's 1.55 × 12.5 px the merge view's line numbers drift off their lines.
  '.cm-scroller': { lineHeight: '20px' },
});

// Between two formats every line differs: the merge view's change colours would cover both sides.
const plainTheme = EditorView.theme({
  '& .cm-changedLine, & .cm-changedText': { background: 'none !important' },
});

const side = (path: string, content: string, label: string, isDiff: boolean) => ({
  doc: content,
  extensions: [
    lineNumbers(),
    syntaxHighlighting(defaultHighlightStyle),
    languageFor(path),
    EditorState.readOnly.of(true),
    EditorView.editable.of(false),
    EditorView.contentAttributes.of({ tabindex: '0', 'aria-label': label }),
    markedLine,
    markTheme,
    codeTheme,
    isDiff ? [] : plainTheme,
  ],
});

/** Side by side from the `sm` breakpoint; on a phone two columns of ~150 px show nothing. */
const WIDE = '(min-width: 640px)';

/**
 * The input and one output file side by side in a CodeMirror merge view, both read-only; on a
 * narrow screen the input above the output instead.
 */
export function SideBySide({ input, output, focus, isDiff }: SideBySideProps) {
  const isWide = useMediaQuery(WIDE, true);
  const host = useRef<HTMLDivElement>(null);
  const below = useRef<HTMLDivElement>(null);
  const view = useRef<{ a: EditorView; b: EditorView } | null>(null);

  useEffect(() => {
    if (!host.current) return undefined;
    if (!isWide && below.current) {
      const a = new EditorView({
        parent: host.current,
        state: EditorState.create(side(input.path, input.content, `Input: ${input.path}`, false)),
      });
      const b = new EditorView({
        parent: below.current,
        state: EditorState.create(
          side(
            output?.path ?? '',
            output?.content ?? '',
            `Output: ${output?.path ?? 'none'}`,
            false,
          ),
        ),
      });
      view.current = { a, b };
      return () => {
        a.destroy();
        b.destroy();
        view.current = null;
      };
    }
    const merge = new MergeView({
      a: side(input.path, input.content, `Input: ${input.path}`, isDiff),
      b: side(
        output?.path ?? '',
        output?.content ?? '',
        `Output: ${output?.path ?? 'none'}`,
        isDiff,
      ),
      parent: host.current,
      highlightChanges: isDiff,
      gutter: isDiff,
      // Two formats share few lines: diffing them line by line costs time and shows nothing.
      ...(!isDiff && { diffConfig: { scanLimit: 1, timeout: 50 } }),
    });
    view.current = merge;
    return () => {
      merge.destroy();
      view.current = null;
    };
  }, [input.path, input.content, output?.path, output?.content, isDiff, isWide]);

  useEffect(() => {
    const editors = view.current;
    if (!editors || !focus) return;
    const editor = focus.side === 'input' ? editors.a : editors.b;
    const lines = editor.state.doc.lines;
    const n = Math.min(Math.max(focus.line, 1), lines);
    const line = editor.state.doc.line(n);
    editor.dispatch({
      selection: { anchor: line.from },
      effects: [markLine.of(n), EditorView.scrollIntoView(line.from, { y: 'center' })],
    });
    editor.focus();
  }, [focus]);

  if (!isWide) {
    return (
      <div data-testid="converter-merge" className="space-y-2">
        <p className="text-xs font-medium text-slate-700">Input</p>
        <div ref={host} className="h-72 overflow-hidden rounded-md border border-slate-200" />
        <p className="text-xs font-medium text-slate-700">Output</p>
        <div ref={below} className="h-72 overflow-hidden rounded-md border border-slate-200" />
      </div>
    );
  }
  return (
    <div
      ref={host}
      data-testid="converter-merge"
      className="h-[28rem] overflow-auto rounded-md border border-slate-200"
    />
  );
}
