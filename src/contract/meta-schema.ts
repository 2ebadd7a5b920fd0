// A tool's meta, said once: its JSON Schema written as data (`as const`), from which its type is read
// (MetaOf). The MCP server declares the schema as the tool's output schema and the run step returns
// the type, so the two cannot drift apart. Types and plain data only: a bundle that does not use a
// schema drops it.

/** A JSON Schema of an object, as the MCP server declares a tool's meta. */
export interface JsonSchemaObject {
  readonly type: 'object';
  readonly properties: Readonly<Record<string, unknown>>;
  readonly required?: readonly string[];
}

/** The pieces the meta schemas share. */
export const integer = { type: 'integer' } as const;
export const integerOrNull = { type: ['integer', 'null'] } as const;
export const string = { type: 'string' } as const;
export const boolean = { type: 'boolean' } as const;

type TypeName = 'integer' | 'number' | 'string' | 'boolean' | 'null';

type ValueOfType<Name> = Name extends 'integer' | 'number'
  ? number
  : Name extends 'string'
    ? string
    : Name extends 'boolean'
      ? boolean
      : Name extends 'null'
        ? null
        : never;

/** The value a property's schema describes: by its enum, its alternatives, a pair, or its type(s). */
type ValueOf<Schema> = Schema extends { enum: readonly (infer Value)[] }
  ? Value
  : Schema extends { anyOf: readonly (infer Alternative)[] }
    ? ValueOf<Alternative>
    : Schema extends { type: 'array'; items: infer Item; minItems: 2; maxItems: 2 }
      ? [ValueOf<Item>, ValueOf<Item>]
      : Schema extends { type: readonly (infer Name extends TypeName)[] }
        ? ValueOfType<Name>
        : Schema extends { type: infer Name extends TypeName }
          ? ValueOfType<Name>
          : never;

type RequiredOf<Schema> = Schema extends { required: readonly (infer Name)[] } ? Name : never;

type Flat<T> = { [Key in keyof T]: T[Key] };

/** The meta a schema describes: its required properties, and the others as optional ones. */
export type MetaOf<Schema extends JsonSchemaObject> = Flat<
  { -readonly [Key in keyof Schema['properties'] as Key extends RequiredOf<Schema> ? Key : never]: ValueOf<Schema['properties'][Key]> } & {
    -readonly [Key in keyof Schema['properties'] as Key extends RequiredOf<Schema> ? never : Key]?: ValueOf<Schema['properties'][Key]>;
  }
>;
