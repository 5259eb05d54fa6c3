/** The literal value of a template text token: escapes resolved (quoted strings only). */
export function templateLiteral(raw: string, heredoc: boolean): string {
  const unescaped = raw.replace(/\$\$\{/g, '${').replace(/%%\{/g, '%{');
  if (heredoc) return unescaped;
  return unescaped.replace(/\\(u[0-9A-Fa-f]{4}|U[0-9A-Fa-f]{8}|.)/g, (_, e: string) => {
    if (e[0] === 'u' || e[0] === 'U') return String.fromCodePoint(parseInt(e.slice(1), 16));
    return ESCAPES[e] ?? e;
  });
}

const ESCAPES: Readonly<Record<string, string>> = {
  n: '\n',
  r: '\r',
  t: '\t',
  '"': '"',
  '\\': '\\',
};
