import { EditorView } from '@codemirror/view';

/** The app's one CodeMirror look: generated code, Kubernetes YAML and manifests. */
export const codeTheme = EditorView.theme({
  '&': { fontSize: '12.5px', height: '100%', backgroundColor: '#ffffff' },
  '.cm-scroller': { fontFamily: 'var(--font-mono)', lineHeight: '1.55' },
  '.cm-gutters': { backgroundColor: '#f8fafc', color: '#64748b', borderRight: '1px solid #e2e8f0' },
  '.cm-activeLine': { backgroundColor: '#f1f5f9' },
  // CodeMirror's own placeholder grey (#888) is 3.5:1 on white; slate-500 is AA (4.8:1).
  '.cm-placeholder': { color: '#64748b' },
  '&.cm-focused': { outline: '2px solid #4f46e5', outlineOffset: '-2px' },
});
