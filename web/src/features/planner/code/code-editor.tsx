import { defaultHighlightStyle, syntaxHighlighting } from '@codemirror/language';
import { Compartment, EditorState } from '@codemirror/state';
import { EditorView, highlightActiveLine, lineNumbers } from '@codemirror/view';
import { useEffect, useRef } from 'react';
import { languageFor } from './languages';

export interface CodeEditorProps {
  path: string;
  content: string;
  label: string;
}

const theme = EditorView.theme({
  '&': { fontSize: '12.5px', height: '100%', backgroundColor: '#ffffff' },
  '.cm-scroller': { fontFamily: 'var(--font-mono)', lineHeight: '1.55' },
  '.cm-gutters': { backgroundColor: '#f8fafc', color: '#64748b', borderRight: '1px solid #e2e8f0' },
  '.cm-activeLine': { backgroundColor: '#f1f5f9' },
  '&.cm-focused': { outline: '2px solid #4f46e5', outlineOffset: '-2px' },
});

/** A read-only CodeMirror 6 view with highlighting for HCL, Bicep, JSON and YAML. */
export function CodeEditor({ path, content, label }: CodeEditorProps) {
  const host = useRef<HTMLDivElement>(null);
  const view = useRef<EditorView | null>(null);
  const language = useRef(new Compartment());

  useEffect(() => {
    if (!host.current) return undefined;
    const editor = new EditorView({
      parent: host.current,
      state: EditorState.create({
        doc: '',
        extensions: [
          lineNumbers(),
          highlightActiveLine(),
          syntaxHighlighting(defaultHighlightStyle),
          EditorState.readOnly.of(true),
          EditorView.editable.of(false),
          EditorView.contentAttributes.of({ tabindex: '0', 'aria-label': label }),
          language.current.of([]),
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

  useEffect(() => {
    const editor = view.current;
    if (!editor) return;
    editor.dispatch({
      changes: { from: 0, to: editor.state.doc.length, insert: content },
      effects: language.current.reconfigure(languageFor(path)),
      selection: { anchor: 0 },
      scrollIntoView: true,
    });
  }, [path, content, label]);

  return <div ref={host} className="h-full min-h-0 overflow-hidden" />;
}
