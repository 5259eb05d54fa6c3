import { defaultKeymap, history, historyKeymap, indentWithTab } from '@codemirror/commands';
import { yaml } from '@codemirror/lang-yaml';
import { defaultHighlightStyle, syntaxHighlighting } from '@codemirror/language';
import { EditorState } from '@codemirror/state';
import { EditorView, highlightActiveLine, keymap, lineNumbers } from '@codemirror/view';
import { useEffect, useRef } from 'react';
import { codeTheme } from '../../lib/code-theme';

const base = (label: string) => [
  lineNumbers(),
  highlightActiveLine(),
  syntaxHighlighting(defaultHighlightStyle),
  yaml(),
  EditorView.lineWrapping,
  EditorView.contentAttributes.of({ 'aria-label': label }),
  codeTheme,
];

/** An object as YAML, read-only (CodeMirror 6). */
export function YamlView({ content, label }: { content: string; label: string }) {
  const host = useRef<HTMLDivElement>(null);
  const view = useRef<EditorView | null>(null);
  useEffect(() => {
    if (!host.current) return undefined;
    const editor = new EditorView({
      parent: host.current,
      state: EditorState.create({
        doc: '',
        extensions: [
          ...base(label),
          EditorState.readOnly.of(true),
          EditorView.editable.of(false),
          EditorView.contentAttributes.of({ tabindex: '0' }),
        ],
      }),
    });
    view.current = editor;
    return () => {
      editor.destroy();
      view.current = null;
    };
  }, [label]);
  useEffect(() => {
    const editor = view.current;
    if (!editor || editor.state.doc.toString() === content) return;
    // Live updates replace the text but keep the reader's place.
    const scroll = editor.scrollDOM.scrollTop;
    editor.dispatch({ changes: { from: 0, to: editor.state.doc.length, insert: content } });
    editor.scrollDOM.scrollTop = scroll;
  }, [content, label]);
  return (
    <div
      ref={host}
      className="h-full min-h-64 overflow-hidden rounded-md border border-slate-200"
    />
  );
}

export interface YamlEditorProps {
  initial: string;
  label: string;
  onChange: (text: string) => void;
}

/** An editable YAML buffer (CodeMirror 6, undo, Tab indents; Escape then Tab leaves it). */
export function YamlEditor({ initial, label, onChange }: YamlEditorProps) {
  const host = useRef<HTMLDivElement>(null);
  const changed = useRef(onChange);
  changed.current = onChange;
  const first = useRef(initial);
  useEffect(() => {
    if (!host.current) return undefined;
    const editor = new EditorView({
      parent: host.current,
      state: EditorState.create({
        doc: first.current,
        extensions: [
          ...base(label),
          history(),
          keymap.of([...defaultKeymap, ...historyKeymap, indentWithTab]),
          EditorView.updateListener.of((update) => {
            if (update.docChanged) changed.current(update.state.doc.toString());
          }),
        ],
      }),
    });
    return () => editor.destroy();
  }, [label]);
  return (
    <div
      ref={host}
      className="h-full min-h-72 overflow-hidden rounded-md border border-slate-300"
    />
  );
}
