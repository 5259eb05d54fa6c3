import { defaultKeymap, history, historyKeymap } from '@codemirror/commands';
import { PostgreSQL, sql } from '@codemirror/lang-sql';
import { defaultHighlightStyle, syntaxHighlighting } from '@codemirror/language';
import { EditorState } from '@codemirror/state';
import { EditorView, keymap, lineNumbers, placeholder } from '@codemirror/view';
import { useEffect, useRef } from 'react';

export interface SqlEditorProps {
  value: string;
  label: string;
  onChange: (value: string) => void;
  /** Ctrl+Enter (Cmd+Enter on a Mac). */
  onRun: () => void;
}

const theme = EditorView.theme({
  '&': { fontSize: '13px', minHeight: '9rem', maxHeight: '24rem', backgroundColor: '#ffffff' },
  '.cm-scroller': { fontFamily: 'var(--font-mono)', lineHeight: '1.55', overflow: 'auto' },
  '.cm-gutters': { backgroundColor: '#f8fafc', color: '#64748b', borderRight: '1px solid #e2e8f0' },
  '&.cm-focused': { outline: '2px solid #4f46e5', outlineOffset: '-2px' },
});

/** CodeMirror 6 with PostgreSQL highlighting; loaded on demand, so the admin chunk stays small. */
export function SqlEditor({ value, label, onChange, onRun }: SqlEditorProps) {
  const host = useRef<HTMLDivElement>(null);
  const view = useRef<EditorView | null>(null);
  // The editor owns its text once created; `value` only seeds it.
  const initialValue = useRef(value);
  const handlers = useRef({ onChange, onRun });
  handlers.current = { onChange, onRun };

  useEffect(() => {
    if (!host.current) return undefined;
    const editor = new EditorView({
      parent: host.current,
      state: EditorState.create({
        doc: initialValue.current,
        extensions: [
          keymap.of([
            { key: 'Mod-Enter', preventDefault: true, run: () => (handlers.current.onRun(), true) },
            ...defaultKeymap,
            ...historyKeymap,
          ]),
          history(),
          lineNumbers(),
          sql({ dialect: PostgreSQL }),
          syntaxHighlighting(defaultHighlightStyle),
          placeholder('SELECT * FROM information_schema.tables WHERE table_schema = $1'),
          EditorView.lineWrapping,
          EditorView.contentAttributes.of({ 'aria-label': label, 'aria-multiline': 'true' }),
          EditorView.updateListener.of((update) => {
            if (update.docChanged) handlers.current.onChange(update.state.doc.toString());
          }),
          theme,
        ],
      }),
    });
    view.current = editor;
    return () => {
      editor.destroy();
      view.current = null;
    };
  }, [label]);

  return (
    <div
      ref={host}
      className="overflow-hidden rounded-md border border-slate-300"
      data-testid="sql-editor"
    />
  );
}
