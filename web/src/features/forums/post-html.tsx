const POST_CLASSES = [
  'text-sm leading-relaxed text-slate-800 break-words',
  '[&_p]:my-2 [&_h1]:mt-3 [&_h1]:mb-2 [&_h1]:text-xl [&_h1]:font-semibold [&_h2]:mt-3 [&_h2]:mb-2 [&_h2]:text-lg [&_h2]:font-semibold',
  '[&_h3]:mt-3 [&_h3]:font-semibold [&_h4]:font-semibold [&_ul]:my-2 [&_ul]:list-disc [&_ul]:pl-6 [&_ol]:my-2 [&_ol]:list-decimal [&_ol]:pl-6',
  '[&_a]:text-brand-700 [&_a]:underline [&_blockquote]:my-2 [&_blockquote]:border-l-4 [&_blockquote]:border-slate-300 [&_blockquote]:pl-3 [&_blockquote]:text-slate-700',
  '[&_code]:rounded [&_code]:bg-slate-100 [&_code]:px-1 [&_code]:font-mono [&_code]:text-[0.85em] [&_pre]:my-2 [&_pre]:overflow-x-auto [&_pre]:rounded-md [&_pre]:bg-slate-900 [&_pre]:p-3 [&_pre]:text-slate-100 [&_pre_code]:bg-transparent [&_pre_code]:p-0',
  '[&_img]:my-2 [&_img]:max-h-96 [&_img]:max-w-full [&_table]:my-2 [&_table]:block [&_table]:overflow-x-auto [&_td]:border [&_td]:border-slate-200 [&_td]:px-2 [&_td]:py-1 [&_th]:border [&_th]:border-slate-200 [&_th]:bg-slate-50 [&_th]:px-2 [&_th]:py-1',
  '[&_hr]:my-3 [&_hr]:border-slate-200 [&>*:first-child]:mt-0 [&>*:last-child]:mb-0',
].join(' ');

export interface PostHtmlProps {
  /** The server's sanitised rendering of a post (server/src/features/forums/render.ts). */
  html: string;
}

/** Shows a post as the server rendered it: the only HTML the forums ever insert. */
export function PostHtml({ html }: PostHtmlProps) {
  return <div className={POST_CLASSES} dangerouslySetInnerHTML={{ __html: html }} />;
}
