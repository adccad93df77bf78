import { isNotFound } from '@tanstack/react-router';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { defineParams, NumericId, ServerOrTempId } from '../../../src/app/route-params';

describe('defineParams (the params option of every route with path parameters)', () => {
  const params = defineParams(v.object({ workOrderId: NumericId, plantNumber: v.pipe(v.string(), v.regex(/^\d+$/)) }));

  it('parses the segments with the schema and writes them back as text', () => {
    expect(params.parse({ workOrderId: '81', plantNumber: '910' })).toEqual({ workOrderId: 81, plantNumber: '910' });
    expect(params.stringify({ workOrderId: 81, plantNumber: '910' })).toEqual({ workOrderId: '81', plantNumber: '910' });
  });

  it('a segment the schema refuses is an unknown route (spec 1 §2: /404)', () => {
    for (const raw of [
      { workOrderId: 'abc', plantNumber: '910' },
      { workOrderId: '1234567890', plantNumber: '910' },
      { workOrderId: '81', plantNumber: 'x' },
    ]) {
      let thrown: unknown;
      try {
        params.parse(raw);
      } catch (error) {
        thrown = error;
      }
      expect(isNotFound(thrown)).toBe(true);
    }
  });

  it("a record's id is its server id, or the temp id of one made on this device", () => {
    const record = defineParams(v.object({ serviceRequestId: ServerOrTempId }));
    expect(record.parse({ serviceRequestId: '42' })).toEqual({ serviceRequestId: '42' });
    const tempId = 'tmp_0f8fad5b-d9cb-469f-a165-70867728950e';
    expect(record.parse({ serviceRequestId: tempId })).toEqual({ serviceRequestId: tempId });
    expect(() => record.parse({ serviceRequestId: 'tmp_' })).toThrow();
    expect(() => record.parse({ serviceRequestId: '4x' })).toThrow();
  });
});
