/**
 * The subset of SCIM filters (RFC 7644 §3.4.2.2) that provisioning clients send: comparisons joined
 * by `and`, e.g. `userName eq "mrossi"`, `emails.value eq "a@b.org"`, `displayName eq "CCM"`.
 * Attribute names are case-insensitive; values are compared without regard to case.
 */
export type ScimOperator = 'eq' | 'ne' | 'co' | 'sw' | 'ew' | 'pr';

export interface ScimComparison {
  attribute: string;
  operator: ScimOperator;
  value: string | boolean | null;
}

export class ScimFilterError extends Error {}

const COMPARISON = /^\s*([A-Za-z][\w:.$-]*(?:\[[^\]]*\])?(?:\.[A-Za-z]\w*)?)\s+(eq|ne|co|sw|ew|pr)\b\s*("(?:[^"\\]|\\.)*"|true|false|null)?\s*$/i;

/** Splits on ` and ` outside quoted strings; `or`, `not` and grouping are refused as unsupported. */
function conjuncts(filter: string): string[] {
  const parts: string[] = [];
  let current = '';
  let quoted = false;
  for (let i = 0; i < filter.length; i++) {
    const c = filter[i];
    if (c === '"' && filter[i - 1] !== '\\') quoted = !quoted;
    if (!quoted && /^\s+and\s+/i.test(filter.slice(i)) && current.trim()) {
      parts.push(current);
      current = '';
      i += filter.slice(i).match(/^\s+and\s+/i)![0].length - 1;
      continue;
    }
    if (!quoted && (c === '(' || c === ')')) throw new ScimFilterError('grouping is not supported');
    current += c;
  }
  if (quoted) throw new ScimFilterError('unterminated string');
  parts.push(current);
  return parts;
}

export function parseScimFilter(filter: string): ScimComparison[] {
  return conjuncts(filter).map((part) => {
    const match = COMPARISON.exec(part);
    if (!match) throw new ScimFilterError(`cannot read "${part.trim()}"`);
    const [, attribute, op, raw] = match;
    const operator = op.toLowerCase() as ScimOperator;
    if ((operator === 'pr') !== (raw === undefined)) throw new ScimFilterError(`"${op}" ${operator === 'pr' ? 'takes no' : 'needs a'} value`);
    let value: ScimComparison['value'] = null;
    if (raw?.startsWith('"')) value = JSON.parse(raw) as string;
    else if (raw) value = raw.toLowerCase() === 'true' ? true : raw.toLowerCase() === 'false' ? false : null;
    return { attribute: attribute.toLowerCase(), operator, value };
  });
}
