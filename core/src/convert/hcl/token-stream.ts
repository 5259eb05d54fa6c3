import type { IToken, TokenType } from 'chevrotain';
import { Identifier, NewLine } from './lexer';

/** A syntax error with the 1-based line it was found on. */
export class HclSyntaxError extends Error {
  constructor(
    message: string,
    readonly line: number,
  ) {
    super(message);
    this.name = 'HclSyntaxError';
  }
}

/** The cursor over the lexer's tokens that every part of the recursive-descent parser shares. */
export class TokenStream {
  protected pos = 0;

  constructor(
    protected readonly tokens: readonly IToken[],
    protected readonly source: string,
    /** Added to token lines: a heredoc's content is lexed again on its own. */
    protected readonly lineOffset: number,
  ) {}

  protected peek(k = 0): IToken | undefined {
    return this.tokens[this.pos + k];
  }

  protected is(type: TokenType, k = 0): boolean {
    return this.peek(k)?.tokenType === type;
  }

  protected isWord(word: string, k = 0): boolean {
    const t = this.peek(k);
    return t?.tokenType === Identifier && t.image === word;
  }

  protected line(t = this.peek()): number {
    const last = this.tokens[this.tokens.length - 1];
    return (t?.startLine ?? last?.endLine ?? 1) + this.lineOffset;
  }

  protected fail(expected: string): never {
    const t = this.peek();
    const found = t ? `"${t.image.slice(0, 20)}"` : 'the end of the file';
    throw new HclSyntaxError(`expected ${expected}, found ${found}`, this.line());
  }

  protected expect(type: TokenType, what: string): IToken {
    const t = this.peek();
    if (t?.tokenType !== type) this.fail(what);
    this.pos++;
    return t;
  }

  protected skipNewLines(): void {
    while (this.is(NewLine)) this.pos++;
  }

  protected textFrom(start: IToken, end: IToken | undefined): string {
    return this.source.slice(start.startOffset, (end?.endOffset ?? start.endOffset ?? 0) + 1);
  }
}
