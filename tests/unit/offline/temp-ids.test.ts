import { describe, expect, it } from 'vitest';
import { findTempIds, isTempId, newTempId, readPath, rewriteJson, rewriteQuery, rewriteString } from '../../../src/offline/temp-ids';

const a = 'tmp_11111111-1111-4111-8111-111111111111';
const b = 'tmp_22222222-2222-4222-8222-222222222222';

describe('temp ids', () => {
  it('are tmp_ followed by a uuid', () => {
    const id = newTempId();
    expect(isTempId(id)).toBe(true);
    expect(isTempId(`${id}x`)).toBe(false);
    expect(isTempId('tmp_123')).toBe(false);
    expect(newTempId(() => '11111111-1111-4111-8111-111111111111')).toBe(a);
  });

  it('are found in paths, queries and nested bodies, once each', () => {
    expect(findTempIds(`/service/${a}/items`, { parent: b }, { list: [{ id: a }, 'x'], n: 1 })).toEqual([a, b]);
    expect(findTempIds('/service/42', undefined, { id: 42 })).toEqual([]);
  });

  it('are rewritten: exact values keep the server id type, inside strings become its text', () => {
    const ids = new Map<string, string | number>([
      [a, 42],
      [b, 'WO-7'],
    ]);
    expect(rewriteString(`/service/${a}/items/${b}`, ids)).toBe('/service/42/items/WO-7');
    expect(rewriteJson({ workOrderId: a, note: `see ${a}`, nested: [{ parentId: b }], keep: 'tmp_x', n: 3, nil: null }, ids)).toEqual({
      workOrderId: 42,
      note: 'see 42',
      nested: [{ parentId: 'WO-7' }],
      keep: 'tmp_x',
      n: 3,
      nil: null,
    });
    expect(rewriteQuery({ parent: a, other: 'x' }, ids)).toEqual({ parent: '42', other: 'x' });
    const unknown = 'tmp_33333333-3333-4333-8333-333333333333';
    expect(rewriteString(`/x/${unknown}`, ids)).toBe(`/x/${unknown}`);
  });

  it('reads the new id from a dot path of the answer', () => {
    expect(readPath({ data: { workOrderId: 9 } }, 'data.workOrderId')).toBe(9);
    expect(readPath({ id: 3 }, 'id')).toBe(3);
    expect(readPath(undefined, 'id')).toBeUndefined();
    expect(readPath({ data: null }, 'data.id')).toBeUndefined();
  });
});
