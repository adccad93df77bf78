import type { OpenApiDocument } from './document';

/*
 * docs/api.md: the OpenAPI document (document.ts) as one Markdown page, route by route and schema by schema. Made by
 * `npm run docs:api` (scripts/api-docs.ts), which formats it with Prettier; a test checks the committed page is current.
 */

type Json = Record<string, unknown>;

const HTTP_METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;
const MAX_ENUM_SHOWN = 8;

const anchorOf = (name: string) => `#${name.toLowerCase().replace(/[^a-z0-9_-]/g, '')}`;
const refName = (ref: string) => ref.slice(ref.lastIndexOf('/') + 1);
/** Text safe in a table cell: on one line, its pipes escaped. */
const cell = (text: string) => text.replace(/\r?\n+/g, ' ').replace(/\|/g, '\\|');
const code = (text: string) => `\`${text}\``;

/** A JSON Schema as a short type: `string`, `[Quote](#quote)[]`, `"a" | "b"`, `object { a, b? }`. */
export function typeOf(schema: Json | undefined): string {
  if (!schema || Object.keys(schema).length === 0) return 'any';
  if (typeof schema.$ref === 'string') return `[${refName(schema.$ref)}](${anchorOf(refName(schema.$ref))})`;
  const union = (schema.oneOf ?? schema.anyOf) as Json[] | undefined;
  if (union) return union.map((option) => (option.title ? `${option.title as string}: ${typeOf(option)}` : typeOf(option))).join(' | ');
  // A long list of values is in the details instead.
  if (Array.isArray(schema.enum) && schema.enum.length <= MAX_ENUM_SHOWN)
    return schema.enum.map((value) => code(JSON.stringify(value))).join(' | ');
  if ('const' in schema) return code(JSON.stringify(schema.const));
  const types = [schema.type].flat().filter((type): type is string => typeof type === 'string');
  if (types.includes('array') && types.length === 1) {
    const item = typeOf(schema.items as Json | undefined);
    return item.includes(' | ') ? `(${item})[]` : `${item}[]`;
  }
  if (types.includes('object') && schema.properties) {
    const required = new Set((schema.required as string[] | undefined) ?? []);
    const fields = Object.keys(schema.properties as Json).map((name) => (required.has(name) ? name : `${name}?`));
    return `object { ${fields.join(', ')} }`;
  }
  const named = types.map((type) => (type === 'array' ? `${typeOf(schema.items as Json | undefined)}[]` : type));
  const format = typeof schema.format === 'string' ? ` (${schema.format})` : '';
  return (named.length ? named.join(' | ') : 'any') + format;
}

/** Constraints and the description of a schema, in a sentence or two. */
function detailsOf(schema: Json | undefined): string {
  if (!schema) return '';
  const parts: string[] = [];
  if (typeof schema.description === 'string') parts.push(schema.description);
  if (typeof schema.pattern === 'string') parts.push(`Pattern ${code(schema.pattern)}.`);
  if (typeof schema.minLength === 'number' || typeof schema.maxLength === 'number')
    parts.push(`Length ${schema.minLength ?? 0} to ${schema.maxLength ?? '…'}.`);
  if (typeof schema.minimum === 'number' || typeof schema.maximum === 'number')
    parts.push(`From ${schema.minimum ?? '…'} to ${schema.maximum ?? '…'}.`);
  if ('default' in schema) parts.push(`Default ${code(JSON.stringify(schema.default))}.`);
  if (Array.isArray(schema.enum) && schema.enum.length > MAX_ENUM_SHOWN)
    parts.push(`One of ${schema.enum.map((value) => code(JSON.stringify(value))).join(', ')}.`);
  return parts.join(' ');
}

const resolve = (document: OpenApiDocument, value: Json): Json => {
  if (typeof value.$ref !== 'string' || !value.$ref.startsWith('#/components/') || value.$ref.startsWith('#/components/schemas/'))
    return value;
  const [, , kind, name] = value.$ref.split('/');
  return ((document.components[kind!] as Json)[name!] as Json) ?? value;
};

function contentLine(content: Json | undefined): string {
  if (!content) return '';
  return Object.entries(content)
    .map(([type, media]) => {
      const schema = (media as Json).schema as Json | undefined;
      return schema ? `${code(type)} ${typeOf(schema)}` : code(type);
    })
    .join('; ');
}

function operationSection(document: OpenApiDocument, method: string, path: string, operation: Json): string[] {
  const lines = [`### ${method.toUpperCase()} ${path}`, '', `${operation.summary as string}.`, ''];
  const description = (operation.description as string | undefined) ?? '';
  if (description) lines.push(description, '');
  const extensions = [
    operation['x-roles'] ? `roles ${(operation['x-roles'] as string[]).map(code).join(', ')}` : '',
    operation['x-flag'] ? `flag ${code(operation['x-flag'] as string)}` : '',
    operation['x-scope'] ? `scope ${code(operation['x-scope'] as string)}` : '',
  ].filter(Boolean);
  lines.push(`Operation ${code(operation.operationId as string)}${extensions.length ? `; ${extensions.join('; ')}` : ''}.`, '');

  const parameters = ((operation.parameters as Json[] | undefined) ?? []).map((parameter) => resolve(document, parameter));
  if (parameters.length) {
    lines.push('| Parameter | In | Required | Type | Details |', '| --- | --- | --- | --- | --- |');
    for (const parameter of parameters) {
      const schema = parameter.schema as Json | undefined;
      const details = [parameter.description as string | undefined, detailsOf(schema)].filter(Boolean).join(' ');
      lines.push(
        `| ${code(parameter.name as string)} | ${parameter.in as string} | ${parameter.required ? 'yes' : 'no'} | ${cell(typeOf(schema))} | ${cell(details)} |`,
      );
    }
    lines.push('');
  }
  const body = operation.requestBody as Json | undefined;
  if (body) {
    const text = [contentLine(body.content as Json), body.description as string | undefined].filter(Boolean).join('. ');
    lines.push(`Body${body.required ? '' : ' (optional)'}: ${text}`, '');
  }
  lines.push('| Answer | Body | Meaning |', '| --- | --- | --- |');
  for (const [status, value] of Object.entries(operation.responses as Json)) {
    const response = resolve(document, value as Json);
    const headers = Object.keys((response.headers as Json | undefined) ?? {});
    const meaning = [response.description as string, headers.length ? `Headers: ${headers.map(code).join(', ')}.` : '']
      .filter(Boolean)
      .join(' ');
    lines.push(`| ${status} | ${cell(contentLine(response.content as Json | undefined))} | ${cell(meaning)} |`);
  }
  lines.push('');
  return lines;
}

function schemaSection(name: string, schema: Json): string[] {
  const lines = [`### ${name}`, ''];
  if (typeof schema.description === 'string') lines.push(schema.description, '');
  const properties = schema.properties as Record<string, Json> | undefined;
  if (properties && Object.keys(properties).length) {
    const required = new Set((schema.required as string[] | undefined) ?? []);
    lines.push('| Field | Type | Required | Details |', '| --- | --- | --- | --- |');
    for (const [field, property] of Object.entries(properties))
      lines.push(`| ${code(field)} | ${cell(typeOf(property))} | ${required.has(field) ? 'yes' : 'no'} | ${cell(detailsOf(property))} |`);
    if (schema.additionalProperties !== false && schema.type === 'object') lines.push('', 'Other fields may follow.');
    lines.push('');
  } else {
    const { description: _description, ...rest } = schema;
    lines.push(`${typeOf(rest)}${detailsOf(rest) ? `. ${detailsOf(rest)}` : ''}`, '');
  }
  return lines;
}

/** The reference as Markdown (not yet formatted). */
export function apiMarkdown(document: OpenApiDocument): string {
  const lines = [
    '# HomeSite API reference',
    '',
    '<!-- Generated by `npm run docs:api` from the OpenAPI document the server answers at GET /api/openapi.json: do not edit here. Each route declares its summary, answer and errors next to its handler (src/server/routes). -->',
    '',
    `Version ${document.info.version}. The same reference as an OpenAPI 3.1 document: \`GET /api/openapi.json\` on any HomeSite server.`,
    '',
    document.info.description as string,
    '',
  ];
  const tags = (document.tags as { name: string; description: string }[] | undefined) ?? [];
  const operations = Object.entries(document.paths).flatMap(([path, item]) =>
    HTTP_METHODS.filter((method) => item[method]).map((method) => ({ path, method, operation: item[method]! })),
  );
  lines.push('## Routes', '', '| Area | Method | Path | Summary |', '| --- | --- | --- | --- |');
  for (const tag of tags)
    for (const { path, method, operation } of operations.filter((entry) => (entry.operation.tags as string[])[0] === tag.name))
      lines.push(`| ${tag.name} | ${method.toUpperCase()} | ${code(path)} | ${cell(operation.summary as string)} |`);
  lines.push('');
  for (const tag of tags) {
    lines.push(`## ${tag.name}`, '', tag.description, '');
    for (const { path, method, operation } of operations.filter((entry) => (entry.operation.tags as string[])[0] === tag.name))
      lines.push(...operationSection(document, method, path, operation));
  }
  lines.push('## Schemas', '', 'The components the routes name, from the contract’s valibot schemas (src/contract).', '');
  for (const [name, schema] of Object.entries(document.components.schemas)) lines.push(...schemaSection(name, schema as Json));
  return lines.join('\n');
}
