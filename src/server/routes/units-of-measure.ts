import { asc } from 'drizzle-orm';
import { paths, UnitsOfMeasureAnswer, type UnitOfMeasure } from '../../contract';
import * as t from '../db/schema';
import { route, type RouteDefinition } from '../http/route';

/** units of measure of parts (spec 3 §3), for every signed-in user: work orders and parts orders pick from them. */

export const unitOfMeasureRoutes: readonly RouteDefinition[] = [
  route({
    method: 'GET',
    endpoint: paths.unitsOfMeasure,
    summary: 'The units of measure of parts',
    answer: UnitsOfMeasureAnswer,
    handle: async ({ c, db }) => {
      const units = await db.select().from(t.unitsOfMeasure).orderBy(asc(t.unitsOfMeasure.abbreviation));
      return c.json(units satisfies UnitOfMeasure[]);
    },
  }),
];
