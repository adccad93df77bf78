import { toJsonSchemaDefs, type JsonSchema } from '@valibot/to-json-schema';
import type * as v from 'valibot';

type Schema = v.GenericSchema;
type Json = Record<string, unknown>;

const COMPONENTS = '#/components/schemas/';
/** Ids of the schemas that have no name of their own; never left in the document (inlined where used). */
const UNNAMED = '_unnamed';

const isSchema = (value: unknown): value is Schema =>
  typeof value === 'object' && value !== null && (value as { kind?: unknown }).kind === 'schema';

/**
 * The JSON Schemas of the reference, made from valibot schemas by @valibot/to-json-schema in one pass. A schema the
 * contract exports is a component under its export name (`#/components/schemas/ServiceRequestAnswer`); any other is
 * written out where it is used. `ref` hands out a reference at once; `resolve` converts everything referred to, swaps
 * the unnamed ones for their content and answers the components the document refers to.
 *
 * Converted as the wire form (typeMode input): what a request sends and what a client's parse of an answer takes.
 */
export class SchemaRegistry {
  private readonly names = new Map<Schema, string>();
  private readonly unnamed = new Map<Schema, string>();
  private readonly written = new Map<Schema, Json>();

  /**
   * Every valibot schema among `modules`' exports becomes a component named by its export. A schema exported under two
   * names (HomeownerRow = WarrantyCardAnswer) takes the first in alphabetical order: a module's keys come in another
   * order under Node than under Vite's loader.
   */
  constructor(modules: readonly Record<string, unknown>[]) {
    for (const module of modules)
      for (const name of Object.keys(module).sort()) {
        const value = module[name];
        if (isSchema(value) && !this.names.has(value)) this.names.set(value, name);
      }
  }

  ref(schema: Schema): Json {
    const name = this.names.get(schema);
    if (name) return { $ref: COMPONENTS + name };
    let id = this.unnamed.get(schema);
    if (!id) this.unnamed.set(schema, (id = `${UNNAMED}${this.unnamed.size}`));
    return { $ref: COMPONENTS + id };
  }

  /** Uses `json` for `schema` instead of converting it (a schema whose parts no converter reads). */
  describe(schema: Schema, json: Json) {
    this.written.set(schema, json);
  }

  /**
   * Replaces, inside `document`, every reference to an unnamed schema by its content, and answers the components
   * `document` reaches (directly or through other components).
   */
  resolve(document: Json): Record<string, JsonSchema> {
    const definitions: Record<string, Schema> = {};
    for (const [schema, name] of this.names) definitions[name] = schema;
    for (const [schema, id] of this.unnamed) definitions[id] = schema;
    const converted = toJsonSchemaDefs(definitions, {
      target: 'draft-2020-12',
      typeMode: 'input',
      // A part no JSON Schema expresses (a transform's output, a custom check) stays as what the input allows.
      errorMode: 'ignore',
      overrideRef: ({ referenceId }) => COMPONENTS + referenceId,
    }) as Record<string, Json>;
    for (const [schema, json] of this.written) converted[this.names.get(schema) ?? this.unnamed.get(schema) ?? ''] = json;

    const inline = (value: unknown): unknown => {
      if (Array.isArray(value)) return value.map(inline);
      if (!value || typeof value !== 'object') return value;
      const object = value as Json;
      const ref = typeof object.$ref === 'string' ? object.$ref : undefined;
      if (ref?.startsWith(COMPONENTS + UNNAMED)) {
        const { $ref: _ref, ...siblings } = object;
        return { ...(inline(converted[ref.slice(COMPONENTS.length)]) as Json), ...(inline(siblings) as Json) };
      }
      return Object.fromEntries(Object.entries(object).map(([key, child]) => [key, inline(child)]));
    };
    Object.assign(document, inline(document));

    const components: Record<string, JsonSchema> = {};
    const reach = (value: unknown) => {
      if (Array.isArray(value)) return value.forEach(reach);
      if (!value || typeof value !== 'object') return;
      const ref = (value as Json).$ref;
      if (typeof ref === 'string' && ref.startsWith(COMPONENTS)) {
        const name = ref.slice(COMPONENTS.length);
        if (!(name in components)) {
          components[name] = inline(converted[name]) as JsonSchema;
          reach(components[name]);
        }
      }
      Object.values(value).forEach(reach);
    };
    reach(document);
    return Object.fromEntries(Object.entries(components).sort(([a], [b]) => a.localeCompare(b)));
  }
}

/** The entries of an object schema (through a pipe), or of each option of a union or variant of objects. */
export function objectEntriesOf(schema: Schema): { entries: Record<string, Schema>; optional: Set<string> } {
  const entries: Record<string, Schema> = {};
  const present = new Map<string, number>();
  const optional = new Set<string>();
  const objects = (node: Schema): Schema[] => {
    const any = node as unknown as { type: string; pipe?: Schema[]; options?: Schema[]; entries?: Record<string, Schema> };
    if (any.pipe && any.pipe[0] && any.pipe[0] !== node) return objects(any.pipe[0]);
    if (any.options) return any.options.flatMap(objects);
    return any.entries ? [node] : [];
  };
  const options = objects(schema);
  for (const option of options) {
    for (const [key, entry] of Object.entries((option as unknown as { entries: Record<string, Schema> }).entries)) {
      entries[key] ??= entry;
      present.set(key, (present.get(key) ?? 0) + 1);
      if (isOptional(entry)) optional.add(key);
    }
  }
  // A field some options of a union lack is optional as a whole.
  for (const [key, count] of present) if (count < options.length) optional.add(key);
  return { entries, optional };
}

const OPTIONAL_TYPES = new Set(['optional', 'exact_optional', 'nullish', 'undefinedable']);

/** A piped schema carries its first schema's type, so a pipe over an optional is one too. */
const isOptional = (schema: Schema) => OPTIONAL_TYPES.has((schema as unknown as { type: string }).type);
