// A JSON value as a tree the app can fold: each node its key, its type, a scalar as JSON writes it,
// a container's children up to a node budget. Pure.

export type JsonNodeType = 'object' | 'array' | 'string' | 'number' | 'boolean' | 'null';

export interface JsonNode {
  type: JsonNodeType;
  /** The member's name in an object, the index in an array; absent at the root. */
  key?: string;
  /** A scalar as JSON writes it: `"a\nb"`, `3`, `true`, `null`. */
  text?: string;
  /** An object's members or an array's items, in order, as many as the budget allowed. */
  children?: JsonNode[];
  /** A container's members or items left out when the budget ran out. */
  omitted?: number;
}

function typeOf(value: unknown): JsonNodeType {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  const type = typeof value;
  if (type === 'string' || type === 'number' || type === 'boolean') return type;
  return 'object';
}

/**
 * The tree of a parsed JSON value, `maxNodes` nodes at most, in document order: a container whose
 * children no longer fit counts them in `omitted`, so the tree's size is bounded whatever the text.
 */
export function jsonTree(value: unknown, maxNodes: number): JsonNode {
  let budget = maxNodes - 1;
  const build = (item: unknown, key: string | undefined): JsonNode => {
    const type = typeOf(item);
    const node: JsonNode = key === undefined ? { type } : { type, key };
    if (type !== 'object' && type !== 'array') {
      node.text = JSON.stringify(item);
      return node;
    }
    const entries: [string, unknown][] =
      type === 'array' ? (item as unknown[]).map((child, index) => [String(index), child]) : Object.entries(item as object);
    node.children = [];
    for (const [childKey, child] of entries) {
      if (budget <= 0) break;
      budget--;
      node.children.push(build(child, childKey));
    }
    const omitted = entries.length - node.children.length;
    if (omitted > 0) node.omitted = omitted;
    return node;
  };
  return build(value, undefined);
}

/** The value of a text that is a JSON object or array, or undefined: a bare `3` or `"x"` reads as text. */
export function parseJsonDocument(text: string): object | undefined {
  const trimmed = text.trim();
  if (!(trimmed.startsWith('{') && trimmed.endsWith('}')) && !(trimmed.startsWith('[') && trimmed.endsWith(']'))) {
    return undefined;
  }
  try {
    return JSON.parse(trimmed) as object;
  } catch {
    return undefined;
  }
}
