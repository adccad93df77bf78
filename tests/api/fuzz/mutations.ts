import fc from 'fast-check';

/*
 * Bodies around a valid one (issue 14 §2): each is the valid body with one to three of its values removed, replaced
 * by a value of another JSON type or an odd value of the same type, or given unknown neighbours. Values JSON cannot
 * write (-0, numbers beyond a double) travel as markers replaced in the text, so the server parses them itself.
 */

const RAW_NUMBERS = { '"\u2063neg-zero"': '-0', '"\u2063overflow"': '1e400', '"\u2063neg-overflow"': '-1e400' } as const;
const rawNumber = (text: keyof typeof RAW_NUMBERS) => JSON.parse(text) as string;

/** The JSON text of a body holding markers of rawNumber. */
export function bodyText(body: unknown): string {
  let text = JSON.stringify(body);
  for (const [marker, raw] of Object.entries(RAW_NUMBERS)) text = text.split(marker).join(raw);
  return text;
}

export const oddNumber = fc.oneof(
  fc.constantFrom(
    1e308,
    -1e308,
    2 ** 31,
    2 ** 31 - 1,
    -(2 ** 31) - 1,
    2 ** 53 + 2,
    -1,
    0,
    0.5,
    -0.0001,
    1e-300,
    9_999_999_999.99,
    10_000_000_000,
    123456789012.345,
    rawNumber('"\u2063neg-zero"'),
    rawNumber('"\u2063overflow"'),
    rawNumber('"\u2063neg-overflow"'),
  ),
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
);

export const CONTROL = ['\u0000', '\u0001', '\u0007', '\u0008', '\u000b', '\u000c', '\u001b', '\u001f', '\u007f'];
export const oddString = fc.oneof(
  fc.constantFrom(
    '',
    ' ',
    '\t',
    '\r\n',
    'x'.repeat(10_000),
    '\ud800',
    '\udfff',
    '🏠'.repeat(300),
    'e\u0301'.repeat(200),
    '\u202eevil',
    "'; drop table users; --",
    '%00',
    '../../etc/passwd',
    '1e308',
    '-1',
    'NaN',
    'null',
    'true',
  ),
  fc.tuple(fc.string({ maxLength: 8 }), fc.constantFrom(...CONTROL), fc.string({ maxLength: 8 })).map(([a, c, b]) => a + c + b),
  fc.string({ unit: 'grapheme', maxLength: 40 }),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.integer({ min: 256, max: 5000 }).map((n) => 'ä'.repeat(n)),
);

/** Nested arrays and objects deeper than any body of the contract (the server refuses beyond 32). */
const deep = fc.integer({ min: 20, max: 80 }).chain((depth) =>
  fc.boolean().map((arrays) => {
    let value: unknown = 'deep';
    for (let n = 0; n < depth; n++) value = arrays ? [value] : { a: value };
    return value;
  }),
);

const anyJson = fc.oneof(
  fc.constantFrom(null, true, false, [], {}, [null], { '': null }),
  oddNumber,
  oddString,
  deep,
  fc.jsonValue({ maxDepth: 3 }),
);

/** A value in place of `value`: more often one of its own type, which reaches further into the server. */
function replacement(value: unknown): fc.Arbitrary<unknown> {
  if (typeof value === 'number') return fc.oneof({ weight: 3, arbitrary: oddNumber }, { weight: 1, arbitrary: anyJson });
  if (typeof value === 'string') return fc.oneof({ weight: 3, arbitrary: oddString }, { weight: 1, arbitrary: anyJson });
  if (Array.isArray(value))
    return fc.oneof(fc.constant([]), fc.array(anyJson, { maxLength: 4 }), fc.constant(Array(2000).fill(value[0] ?? null)), anyJson);
  return anyJson;
}

type Path = (string | number)[];

function pathsOf(value: unknown, path: Path = []): Path[] {
  const here = [path];
  if (Array.isArray(value)) return here.concat(...value.map((child, n) => pathsOf(child, [...path, n])));
  if (value && typeof value === 'object')
    return here.concat(...Object.entries(value).map(([key, child]) => pathsOf(child, [...path, key])));
  return here;
}

function at(value: unknown, path: Path): unknown {
  return path.reduce<unknown>((node, key) => (node as Record<string | number, unknown>)[key], value);
}

/** A copy of `root` with the value at `path` replaced (or removed when `replace` is undefined). */
function withValue(root: unknown, path: Path, replace: { value: unknown } | undefined): unknown {
  if (path.length === 0) return replace ? replace.value : undefined;
  const [key, ...rest] = path;
  const copy = (Array.isArray(root) ? [...root] : { ...(root as object) }) as Record<string | number, unknown>;
  if (rest.length === 0 && !replace) {
    if (Array.isArray(copy)) (copy as unknown[]).splice(key as number, 1);
    else delete copy[key!];
  } else {
    copy[key!] = withValue(copy[key!], rest, replace);
  }
  return copy;
}

type Mutation = (root: unknown) => unknown;

function mutation(valid: unknown): fc.Arbitrary<Mutation> {
  const paths = pathsOf(valid);
  const inner = paths.filter((path) => path.length > 0);
  const objects = paths.filter((path) => {
    const node = at(valid, path);
    return node !== null && typeof node === 'object' && !Array.isArray(node);
  });
  const choices: fc.Arbitrary<Mutation>[] = [
    fc.constantFrom(...paths).chain((path) =>
      replacement(at(valid, path)).map(
        (value): Mutation =>
          (root) =>
            withValue(root, path, { value }),
      ),
    ),
  ];
  if (inner.length)
    choices.push(
      fc.constantFrom(...inner).map(
        (path): Mutation =>
          (root) =>
            withValue(root, path, undefined),
      ),
    );
  if (objects.length) {
    choices.push(
      fc
        .tuple(
          fc.constantFrom(...objects),
          fc.oneof(
            fc.string({ maxLength: 12 }),
            fc.constantFrom('__proto__', 'constructor', 'id', 'rowVersion', 'retailerNumber', 'cmhUserId'),
          ),
          anyJson,
        )
        .map(
          ([path, key, value]): Mutation =>
            (root) =>
              withValue(root, path, { value: { ...(at(root, path) as object), [key]: value } }),
        ),
    );
  }
  return fc.oneof(...choices);
}

/**
 * Changes of a body shaped like `valid`: one to three mutations applied in turn (a mutation whose path is gone leaves
 * the body as it was). Applied to the valid body of the moment, they follow a record that was replaced after an
 * accepted write (a fresh order with other item ids) instead of aiming at the spent one.
 */
export function mutationsAround(valid: unknown): fc.Arbitrary<(body: unknown) => unknown> {
  return fc.array(mutation(valid), { minLength: 1, maxLength: 3 }).map(
    (mutations) => (start: unknown) =>
      mutations.reduce<unknown>((body, mutate) => {
        try {
          return mutate(body);
        } catch {
          return body;
        }
      }, start),
  );
}

/** Bodies around `valid` (mutationsAround applied to it). */
export function bodiesAround(valid: unknown): fc.Arbitrary<unknown> {
  return mutationsAround(valid).map((change) => change(valid));
}

/** Path parameters a client could send in place of a valid one. */
export const ODD_PATH_PARAMETERS = [
  '0',
  '-1',
  '1.5',
  '1e3',
  '2147483648',
  '99999999999999999999',
  '00000000000000000001',
  'abc',
  '%20',
  '%00',
  '%2F',
  '..%2F..%2Fetc',
  '%E2%80%AE',
  '%F0%9F%8F%A0',
  '%ZZ',
  'null',
  "1'--",
  'x'.repeat(3000),
];

/** Request texts that are not JSON at all. */
export const INVALID_JSON = ['{', '{"a":', '[1,', 'nul', "{'a':1}", '{"a":1}}', '\u0000', 'NaN', '{"a":1,}', '"\ud800', '\ufeff{}'];
