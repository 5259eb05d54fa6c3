import { defaultKeymap, history, historyKeymap, indentWithTab } from '@codemirror/commands';
import { html } from '@codemirror/lang-html';
import { javascript } from '@codemirror/lang-javascript';
import { json } from '@codemirror/lang-json';
import { xml } from '@codemirror/lang-xml';
import {
  bracketMatching,
  defaultHighlightStyle,
  foldGutter,
  foldKeymap,
  syntaxHighlighting,
} from '@codemirror/language';
import { highlightSelectionMatches, search, searchKeymap } from '@codemirror/search';
import { EditorState, type Extension } from '@codemirror/state';
import { EditorView, keymap, lineNumbers, placeholder as cmPlaceholder } from '@codemirror/view';
import clsx from 'clsx';
import { useEffect, useRef } from 'react';
import { codeTheme } from '../../lib/code-theme';

export type TCodeLanguage = 'json' | 'javascript' | 'html' | 'xml' | 'text';

function languageOf(language: TCodeLanguage): Extension {
  switch (language) {
    case 'json':
      return json();
    case 'javascript':
      return javascript();
    case 'html':
      return html();
    case 'xml':
      return xml();
    case 'text':
      return [];
  }
}

export interface CodeEditorProps {
  value: string;
  /** The editor's accessible name. */
  label: string;
  language?: TCodeLanguage;
  /** Without it the editor is read-only (a response body). */
  onChange?: (text: string) => void;
  placeholder?: string;
  className?: string;
  /** Wrap long lines (request bodies); off for big responses, where it costs layout time. */
  isWrapped?: boolean;
  /** The editor, for callers that drive it (search, folding). */
  onView?: (view: EditorView | null) => void;
}

/**
 * CodeMirror 6 for request bodies, scripts and response bodies. It renders only what is in view,
 * so a 5 MB response stays responsive. Ctrl/Cmd+F searches; Escape then Tab leaves the editor.
 */
export function CodeEditor({
  value,
  label,
  language = 'text',
  onChange,
  placeholder,
  className,
  isWrapped = true,
  onView,
}: CodeEditorProps) {
  const host = useRef<HTMLDivElement>(null);
  const view = useRef<EditorView | null>(null);
  const changed = useRef(onChange);
  changed.current = onChange;
  const viewChanged = useRef(onView);
  viewChanged.current = onView;
  const latest = useRef(value);
  latest.current = value;
  const isEditable = onChange !== undefined;

  useEffect(() => {
    if (!host.current) return undefined;
    const editor = new EditorView({
      parent: host.current,
      state: EditorState.create({
        doc: latest.current,
        extensions: [
          lineNumbers(),
          foldGutter(),
          bracketMatching(),
          syntaxHighlighting(defaultHighlightStyle),
          highlightSelectionMatches(),
          search({ top: true }),
          languageOf(language),
          isWrapped ? EditorView.lineWrapping : [],
          EditorView.contentAttributes.of({ 'aria-label': label }),
          placeholder ? cmPlaceholder(placeholder) : [],
          codeTheme,
          ...(isEditable
            ? [
                history(),
                keymap.of([
                  ...searchKeymap,
                  ...foldKeymap,
                  ...defaultKeymap,
                  ...historyKeymap,
                  indentWithTab,
                ]),
                EditorView.updateListener.of((update) => {
                  if (update.docChanged) changed.current?.(update.state.doc.toString());
                }),
              ]
            : [
                EditorState.readOnly.of(true),
                EditorView.contentAttributes.of({ tabindex: '0' }),
                keymap.of([...searchKeymap, ...foldKeymap, ...defaultKeymap]),
              ]),
        ],
      }),
    });
    view.current = editor;
    viewChanged.current?.(editor);
    return () => {
      editor.destroy();
      view.current = null;
      viewChanged.current?.(null);
    };
  }, [label, language, isEditable, isWrapped, placeholder]);

  useEffect(() => {
    const editor = view.current;
    if (!editor || editor.state.doc.toString() === value) return;
    // A change from outside (format, a new response): replace the text.
    editor.dispatch({ changes: { from: 0, to: editor.state.doc.length, insert: value } });
  }, [value]);

  return (
    <div
      ref={host}
      data-testid="code-editor"
      className={clsx(
        'min-h-0 overflow-hidden rounded-md border',
        isEditable ? 'border-slate-300' : 'border-slate-200',
        className ?? 'h-64',
      )}
    />
  );
}
