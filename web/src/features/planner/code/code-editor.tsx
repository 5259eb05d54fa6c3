import { defaultHighlightStyle, syntaxHighlighting } from '@codemirror/language';
import { Compartment, EditorState } from '@codemirror/state';
import { EditorView, highlightActiveLine, lineNumbers } from '@codemirror/view';
import { useEffect, useRef } from 'react';
import { codeTheme } from '../../../lib/code-theme';
import { languageFor } from '../../../lib/code-languages';

export interface CodeEditorProps {
  path: string;
  content: string;
  label: string;
}

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
          codeTheme,
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
