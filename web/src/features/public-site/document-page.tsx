import type { ReactNode } from 'react';
import { useDocumentTitle } from '../../lib/use-document-title';

export interface DocumentPageProps {
  title: string;
  lead: ReactNode;
  children: ReactNode;
}

/** A long-form page: about, privacy, terms. */
export function DocumentPage({ title, lead, children }: DocumentPageProps) {
  useDocumentTitle(title);
  return (
    <article className="prose-doc mx-auto max-w-3xl px-4 py-14 sm:px-6">
      <h1>{title}</h1>
      <p className="text-lg text-slate-700">{lead}</p>
      {children}
    </article>
  );
}
