import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as v from 'valibot';
import { Facility, Retailer } from '../../src/contract';
import { createTestContext, type TestContext } from './harness';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

describe('GET /api/api/Retailer (spec 1 §7)', () => {
  it("answers one of the user's retail centers with its type", async () => {
    const token = await t.login('company');
    const result = await t.call('GET', '/api/api/Retailer', { token, query: { retailerNumber: '7740' } });
    expect(result.status).toBe(200);
    expect(v.parse(Retailer, result.body)).toMatchObject({ retailerNumber: '7740', retailerType: 'C' });
  });

  it('refuses a retailer outside the user scope, a bad number, and no token', async () => {
    const token = await t.login('admin');
    expect((await t.call('GET', '/api/api/Retailer', { token, query: { retailerNumber: '7740' } })).status).toBe(403);
    const bad = await t.call('GET', '/api/api/Retailer', { token, query: { retailerNumber: 'x1' } });
    expect(bad.status).toBe(400);
    expect((bad.body as { field: string }).field).toBe('retailerNumber');
    expect((await t.call('GET', '/api/api/Retailer', { query: { retailerNumber: '4217' } })).status).toBe(401);
  });
});

describe('GET /retailer-api/{retailerNumber}/facilities (spec 1 §7)', () => {
  it('lists the plants serving the retailer, the same as My Facilities for the current one', async () => {
    const token = await t.login('admin');
    const result = await t.call('GET', '/retailer-api/4217/facilities', { token });
    expect(result.status).toBe(200);
    const facilities = v.parse(v.array(Facility), result.body);
    const directory = await t.call('GET', '/api/Contact', { token });
    expect(facilities.map((facility) => facility.plantNumber).sort()).toEqual(
      (directory.body as { plantNumber: string }[]).map((facility) => facility.plantNumber).sort(),
    );
    expect(facilities.length).toBeGreaterThan(0);
  });

  it("refuses another retailer's facilities", async () => {
    const token = await t.login('company');
    expect((await t.call('GET', '/retailer-api/4217/facilities', { token })).status).toBe(403);
  });
});
