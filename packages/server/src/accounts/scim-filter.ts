/**
 * SCIM filters (RFC 7644 §3.4.2.2), read whole into a tree: comparisons (eq ne co sw ew gt ge lt le),
 * presence (pr), `and` binding tighter than `or`, `not (…)`, parentheses, and complex attribute
 * filters such as `emails[type eq "work" and value co "@x.org"]`. Attribute paths may carry their
 * schema URN (`urn:ietf:params:scim:schemas:core:2.0:User:userName`). Operators, `and`/`or`/`not`
 * and attribute names are case-insensitive; names are kept lower-cased, the URN as written.
 * What the attributes mean (types, letter case of values) is the caller's: see scim-user-query.ts.
 */
export type ScimCompareOperator = 'eq' | 'ne' | 'co' | 'sw' | 'ew' | 'gt' | 'ge' | 'lt' | 'le';
export type ScimValue = string | number | boolean | null;

export interface ScimAttributePath {
  /** The schema URN before the attribute, lower-cased; absent when the filter names none. */
  schema?: string;
  attribute: string;
  subAttribute?: string;
}

export type ScimFilter =
  | { op: 'and' | 'or'; left: ScimFilter; right: ScimFilter }
  | { op: 'not'; filter: ScimFilter }
  | { op: 'pr'; path: ScimAttributePath }
  | { op: ScimCompareOperator; path: ScimAttributePath; value: ScimValue }
  /** `attribute[filter]`: some value of a multi-valued (or complex) attribute satisfies the inner filter. */
  | { op: 'has'; path: ScimAttributePath; filter: ScimFilter };

export class ScimFilterError extends Error {}

const COMPARE_OPERATORS = new Set<string>(['eq', 'ne', 'co', 'sw', 'ew', 'gt', 'ge', 'lt', 'le']);
// A deeper filter is no client's: the limit keeps a hostile one from exhausting the stack.
const MAX_DEPTH = 32;

type Token = { kind: 'word' | 'string' | 'number' | '(' | ')' | '[' | ']'; text: string; at: number };

const TOKEN = /\s*(?:("(?:[^"\\]|\\.)*")|(-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?)(?![\w.])|([A-Za-z$][\w:.$-]*)|([()[\]]))/y;

function tokenize(text: string): Token[] {
  const tokens: Token[] = [];
  TOKEN.lastIndex = 0;
  while (TOKEN.lastIndex < text.length) {
    if (/^\s*$/.test(text.slice(TOKEN.lastIndex))) break;
    const start = TOKEN.lastIndex;
    const match = TOKEN.exec(text);
    if (!match) throw new ScimFilterError(`unexpected character at ${start + 1 + (text.slice(start).length - text.slice(start).trimStart().length)}`);
    const [, string, number, word, punct] = match;
    const at = TOKEN.lastIndex - (string ?? number ?? word ?? punct)!.length;
    if (string) tokens.push({ kind: 'string', text: string, at });
    else if (number) tokens.push({ kind: 'number', text: number, at });
    else if (word) tokens.push({ kind: 'word', text: word, at });
    else tokens.push({ kind: punct as '(' | ')' | '[' | ']', text: punct!, at });
  }
  return tokens;
}

/** `urn:…:User:name.givenName` → schema, attribute, sub-attribute; the URN ends at the last colon. */
export function parseAttributePath(text: string): ScimAttributePath {
  const colon = text.lastIndexOf(':');
  const schema = colon >= 0 ? text.slice(0, colon).toLowerCase() : undefined;
  const names = text.slice(colon + 1).split('.');
  const valid = /^(\$ref|[A-Za-z][\w-]*)$/;
  if (names.length > 2 || !names.every((n) => valid.test(n)) || (schema !== undefined && !schema.startsWith('urn:'))) {
    throw new ScimFilterError(`"${text}" is not an attribute path`);
  }
  return { ...(schema !== undefined && { schema }), attribute: names[0]!.toLowerCase(), ...(names[1] && { subAttribute: names[1].toLowerCase() }) };
}

class Parser {
  private position = 0;
  constructor(private readonly tokens: Token[]) {}

  private peek(): Token | undefined { return this.tokens[this.position]; }
  private next(): Token | undefined { return this.tokens[this.position++]; }
  private isWord(word: string, offset = 0) { const t = this.tokens[this.position + offset]; return t?.kind === 'word' && t.text.toLowerCase() === word; }
  private expect(kind: Token['kind']) {
    const token = this.next();
    if (token?.kind !== kind) throw new ScimFilterError(`expected "${kind}" ${token ? `at ${token.at + 1}, found "${token.text}"` : 'at the end'}`);
  }

  parse(): ScimFilter {
    const filter = this.or(0, false);
    const rest = this.peek();
    if (rest) throw new ScimFilterError(`unexpected "${rest.text}" at ${rest.at + 1}`);
    return filter;
  }

  private or(depth: number, inValuePath: boolean): ScimFilter {
    if (depth > MAX_DEPTH) throw new ScimFilterError('the filter is nested too deeply');
    let left = this.and(depth, inValuePath);
    while (this.isWord('or')) { this.next(); left = { op: 'or', left, right: this.and(depth, inValuePath) }; }
    return left;
  }

  private and(depth: number, inValuePath: boolean): ScimFilter {
    let left = this.unary(depth, inValuePath);
    while (this.isWord('and')) { this.next(); left = { op: 'and', left, right: this.unary(depth, inValuePath) }; }
    return left;
  }

  private unary(depth: number, inValuePath: boolean): ScimFilter {
    if (this.isWord('not') && this.tokens[this.position + 1]?.kind === '(') {
      this.next();
      return { op: 'not', filter: this.group(depth, inValuePath) };
    }
    if (this.peek()?.kind === '(') return this.group(depth, inValuePath);
    return this.attributeExpression(depth, inValuePath);
  }

  private group(depth: number, inValuePath: boolean): ScimFilter {
    this.expect('(');
    const inner = this.or(depth + 1, inValuePath);
    this.expect(')');
    return inner;
  }

  private attributeExpression(depth: number, inValuePath: boolean): ScimFilter {
    const token = this.next();
    if (token?.kind !== 'word') throw new ScimFilterError(token ? `expected an attribute at ${token.at + 1}, found "${token.text}"` : 'expected an attribute at the end');
    const path = parseAttributePath(token.text);
    if (this.peek()?.kind === '[') {
      if (inValuePath) throw new ScimFilterError(`a complex attribute filter cannot hold another, at ${token.at + 1}`);
      if (path.subAttribute) throw new ScimFilterError(`"${token.text}[…]": the filter goes after the attribute, not after a sub-attribute`);
      this.next();
      const filter = this.or(depth + 1, true);
      this.expect(']');
      return { op: 'has', path, filter };
    }
    const operatorToken = this.next();
    const operator = operatorToken?.kind === 'word' ? operatorToken.text.toLowerCase() : '';
    if (operator === 'pr') return { op: 'pr', path };
    if (!COMPARE_OPERATORS.has(operator)) {
      throw new ScimFilterError(operatorToken ? `unknown operator "${operatorToken.text}" at ${operatorToken.at + 1}` : `"${token.text}" at ${token.at + 1} needs an operator`);
    }
    return { op: operator as ScimCompareOperator, path, value: this.value(operator) };
  }

  private value(operator: string): ScimValue {
    const token = this.next();
    if (!token) throw new ScimFilterError(`"${operator}" needs a value`);
    if (token.kind === 'string') {
      try { return JSON.parse(token.text) as string; } catch { throw new ScimFilterError(`the string at ${token.at + 1} is not valid`); }
    }
    if (token.kind === 'number') return Number(token.text);
    const word = token.kind === 'word' ? token.text.toLowerCase() : '';
    if (word === 'true' || word === 'false') return word === 'true';
    if (word === 'null') return null;
    throw new ScimFilterError(`expected a value (a "string", a number, true, false or null) at ${token.at + 1}, found "${token.text}"`);
  }
}

export function parseScimFilter(filter: string): ScimFilter {
  const tokens = tokenize(filter);
  if (!tokens.length) throw new ScimFilterError('the filter is empty');
  return new Parser(tokens).parse();
}
