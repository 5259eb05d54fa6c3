import { marked } from 'marked';
import { useMemo } from 'react';
import changelog from '../../../../CHANGELOG.md?raw';
import { useDocumentTitle } from '../../lib/use-document-title';

/** The repository's CHANGELOG.md, bundled at build time (trusted content, no user input). */
export function ChangelogPage() {
  useDocumentTitle('Changelog');
  const html = useMemo(() => marked.parse(changelog, { async: false, gfm: true }), []);
  return (
    <article
      className="prose-doc mx-auto max-w-3xl px-4 py-14 sm:px-6"
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}
