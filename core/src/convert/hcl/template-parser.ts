import type { IToken, TokenType } from 'chevrotain';
import type { THclExpr, THclTemplatePart } from './ast';
import { ExpressionParser } from './expression-parser';
import {
  CloseQuote,
  DirectiveOpen,
  HeredocText,
  Identifier,
  InterpOpen,
  OpenQuote,
  RBrace,
  TemplateText,
  lexHcl,
} from './lexer';
import { templateLiteral } from './template-text';
import { HclSyntaxError } from './token-stream';

/** Quoted templates and heredocs: text, `${…}` interpolations and `%{if}`/`%{for}` directives. */
export class TemplateParser extends ExpressionParser {
  /** A quoted template: `"` parts `"`. */
  template(): THclExpr {
    const open = this.expect(OpenQuote, 'a string');
    const parts = this.templateParts(CloseQuote);
    this.expect(CloseQuote, 'the closing quote');
    return { k: 'template', parts, line: this.line(open) };
  }

  protected heredoc(t: IToken): THclExpr {
    const image = t.image;
    const firstBreak = image.indexOf('\n');
    const head = image.slice(0, firstBreak);
    const lastBreak = image.lastIndexOf('\n');
    let content = image.slice(firstBreak + 1, lastBreak + 1);
    if (head.startsWith('<<-')) {
      // Indented heredoc: the smallest indentation of the non-blank lines is removed.
      const lines = content.split('\n');
      const indents = lines.filter((l) => l.trim() !== '').map((l) => /^[ \t]*/.exec(l)![0].length);
      const strip = indents.length > 0 ? Math.min(...indents) : 0;
      content = lines.map((l) => l.slice(strip)).join('\n');
    }
    const line = this.line(t);
    const lexed = lexHcl(content, 'heredoc');
    if (lexed.errors.length > 0)
      throw new HclSyntaxError(lexed.errors[0]!.message, line + lexed.errors[0]!.line);
    const inner = new TemplateParser(lexed.tokens, content, line);
    const parts = inner.templateParts(undefined, true);
    return { k: 'template', parts, heredoc: true, line };
  }

  /** Template parts up to `closing` (the quote) or the end of the tokens (a heredoc). */
  templateParts(closing: TokenType | undefined, heredoc = false): THclTemplatePart[] {
    const root: THclTemplatePart[] = [];
    // Open directives: where their parts go until `%{ else }`/`%{ endif }`/`%{ endfor }`.
    type TFrame =
      | {
          k: 'if';
          cond: THclExpr;
          then: THclTemplatePart[];
          else: THclTemplatePart[];
          inElse: boolean;
        }
      | {
          k: 'for';
          keyVar?: string;
          valueVar: string;
          collection: THclExpr;
          body: THclTemplatePart[];
        };
    const frames: { frame: TFrame; into: THclTemplatePart[] }[] = [];
    const target = (): THclTemplatePart[] => {
      const top = frames[frames.length - 1]?.frame;
      if (!top) return root;
      if (top.k === 'for') return top.body;
      return top.inElse ? top.else : top.then;
    };
    for (;;) {
      const t = this.peek();
      if (!t || (closing && t.tokenType === closing)) break;
      if (t.tokenType === TemplateText || t.tokenType === HeredocText) {
        this.pos++;
        target().push(templateLiteral(t.image, heredoc));
      } else if (t.tokenType === InterpOpen) {
        this.pos++;
        if (t.image.endsWith('~')) trimEnd(target());
        const expr = this.expression();
        this.closeTemplateBrace();
        target().push({ k: 'interp', expr });
      } else if (t.tokenType === DirectiveOpen) {
        this.pos++;
        const word = this.expect(Identifier, 'if, for, else, endif or endfor').image;
        if (word === 'if') {
          const cond = this.expression();
          frames.push({
            frame: { k: 'if', cond, then: [], else: [], inElse: false },
            into: target(),
          });
        } else if (word === 'for') {
          const { keyVar, valueVar, collection } = this.forHeader();
          frames.push({
            frame: { k: 'for', ...(keyVar ? { keyVar } : {}), valueVar, collection, body: [] },
            into: target(),
          });
        } else if (word === 'else') {
          const top = frames[frames.length - 1]?.frame;
          if (top?.k !== 'if') throw new HclSyntaxError('%{ else } outside %{ if }', this.line(t));
          top.inElse = true;
        } else if (word === 'endif' || word === 'endfor') {
          const open = frames.pop();
          if (!open || open.frame.k !== word.slice(3))
            throw new HclSyntaxError(`%{ ${word} } without its opening directive`, this.line(t));
          const f = open.frame;
          open.into.push(
            f.k === 'if'
              ? { k: 'if', cond: f.cond, then: f.then, else: f.else }
              : {
                  k: 'for',
                  ...(f.keyVar ? { keyVar: f.keyVar } : {}),
                  valueVar: f.valueVar,
                  collection: f.collection,
                  body: f.body,
                },
          );
        } else this.fail('if, for, else, endif or endfor');
        this.closeTemplateBrace();
      } else this.fail('template text');
    }
    if (frames.length > 0)
      throw new HclSyntaxError('a template directive is not closed', this.line());
    return mergeText(root);
  }

  protected closeTemplateBrace(): void {
    const close = this.expect(RBrace, '"}" closing the interpolation');
    // `~}` strips the whitespace that follows: done when the next text part is read.
    if (close.image.startsWith('~')) {
      const next = this.peek();
      if (next && (next.tokenType === TemplateText || next.tokenType === HeredocText)) {
        (next as { image: string }).image = next.image.replace(/^\s+/, '');
      }
    }
  }
}

function trimEnd(parts: THclTemplatePart[]): void {
  const last = parts[parts.length - 1];
  if (typeof last === 'string') parts[parts.length - 1] = last.replace(/\s+$/, '');
}

function mergeText(parts: THclTemplatePart[]): THclTemplatePart[] {
  const out: THclTemplatePart[] = [];
  for (const p of parts) {
    const last = out[out.length - 1];
    if (typeof p === 'string' && typeof last === 'string') out[out.length - 1] = last + p;
    else if (p !== '') out.push(p);
  }
  return out;
}
