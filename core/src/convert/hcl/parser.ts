import type { TokenType } from 'chevrotain';
import type { THclAttribute, THclBlock, THclBody, THclExpr, THclFile } from './ast';
import { Equals, Identifier, LBrace, NewLine, OpenQuote, RBrace, lexHcl } from './lexer';
import { TemplateParser } from './template-parser';
import { HclSyntaxError } from './token-stream';

export { HclSyntaxError };

/**
 * A recursive-descent parser over the chevrotain tokens, one method per production of the
 * hclsyntax spec: ConfigFile and Body here, expressions (expression-parser.ts) and templates
 * (template-parser.ts) in the classes it extends.
 */
class Parser extends TemplateParser {
  body(closing?: TokenType): THclBody {
    const attributes: THclAttribute[] = [];
    const blocks: THclBlock[] = [];
    for (;;) {
      this.skipNewLines();
      const t = this.peek();
      if (!t || (closing && t.tokenType === closing)) break;
      const name = this.expect(Identifier, 'an attribute or block name');
      if (this.is(Equals)) {
        this.pos++;
        const expr = this.expression();
        attributes.push({
          name: name.image,
          expr,
          line: this.line(name),
          text: this.textFrom(name, this.tokens[this.pos - 1]),
        });
        if (this.peek() && !this.is(NewLine) && !(closing && this.is(closing)))
          this.fail('a new line after the attribute');
        continue;
      }
      const labels: string[] = [];
      while (!this.is(LBrace)) {
        if (this.is(Identifier)) labels.push(this.expect(Identifier, 'a label').image);
        else if (this.is(OpenQuote)) labels.push(this.quotedLabel());
        else this.fail('"=" or a block label or "{"');
      }
      this.expect(LBrace, '"{"');
      const inner = this.body(RBrace);
      const end = this.expect(RBrace, '"}" closing the block');
      blocks.push({
        type: name.image,
        labels,
        body: inner,
        line: this.line(name),
        endLine: this.line(end),
        text: this.textFrom(name, end),
      });
    }
    return { attributes, blocks };
  }

  private quotedLabel(): string {
    const expr = this.template();
    const parts = expr.k === 'template' ? expr.parts : [];
    if (expr.k !== 'template' || !parts.every((p): p is string => typeof p === 'string'))
      throw new HclSyntaxError('a block label is a literal string', expr.line);
    return parts.join('');
  }

  /** Nothing may follow a lone expression. */
  end(): void {
    this.skipNewLines();
    if (this.peek()) this.fail('the end of the expression');
  }
}

/** Parses one HCL file; throws HclSyntaxError with the line of the first problem. */
export function parseHcl(path: string, text: string): THclFile {
  const lexed = lexHcl(text);
  if (lexed.errors.length > 0) {
    const e = lexed.errors[0]!;
    throw new HclSyntaxError(`unexpected character: ${e.message}`, e.line);
  }
  const parser = new Parser(lexed.tokens, text, 0);
  return { path, body: parser.body() };
}

/** Parses a single expression (a `.tfvars` value, a JSON-syntax `depends_on` item, a test). */
export function parseHclExpression(text: string, line = 1): THclExpr {
  const lexed = lexHcl(text);
  const error = lexed.errors[0];
  if (error) throw new HclSyntaxError(error.message, line - 1 + error.line);
  const parser = new Parser(lexed.tokens, text, line - 1);
  const expr = parser.expression();
  parser.end();
  return expr;
}

/**
 * A string of the JSON syntax read as a template (`${…}` interpolations, `%{…}` directives);
 * quotes and backslashes were JSON's escapes already. `line` is the line the string sits on.
 */
export function parseHclTemplate(text: string, line = 1): THclExpr {
  const lexed = lexHcl(text, 'heredoc');
  const error = lexed.errors[0];
  if (error) throw new HclSyntaxError(error.message, line - 1 + error.line);
  const parts = new Parser(lexed.tokens, text, line - 1).templateParts(undefined, true);
  return { k: 'template', parts, line };
}
