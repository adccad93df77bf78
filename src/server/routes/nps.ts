/**
 * nps: the NPS dashboard's three calls (spec 2 §3 NPS score / detail / upcoming call, §6, §7 NPS), each over
 * ?startDate&endDate (contract/nps.ts NpsQuery). Who: canViewNps, i.e. Nps_Viewer at a retail center that is not
 * company-owned (type C); the rows are the current retail center's only (a plant user, who has no retail center of
 * their own in this area, gets none, as with leads).
 * - Scores: the band counts of the window and of the same window a year earlier, counted in one SQL pass; the total
 *   from the counts by the contract's rule, so the screen and the server cannot disagree on rounding.
 * - Details: the completed calls of the window, newest first.
 * - Upcoming calls: the homes whose current warranty card (Active or Incomplete: a historical or archived card is not
 *   the owner to call) has its NPS date in the window, soonest first, with the number of submitted service requests.
 */
import { and, asc, between, desc, eq, inArray, isNotNull, sql, type SQL } from 'drizzle-orm';
import * as v from 'valibot';
import {
  NPS_BAND_RANGES,
  NpsQuery,
  isHomeAddressSameAsOwner,
  normalizeCardAddress,
  npsBand,
  paths,
  previousYearWindow,
  totalNps,
  NpsDetail,
  NpsScore,
  NpsUpcomingCall,
  type NpsBand,
  type NpsWindow,
} from '../../contract';
import * as t from '../db/schema';
import type { Session } from '../auth/session';
import { route, type RouteDefinition } from '../http/route';

/** Warranty card statuses of a home's current owner (spec 3 §3: I Incomplete, A Active). */
const CURRENT_CARD_STATUSES = ['A', 'I'];

/** The current retail center, or null for a plant user or a user without one (they see no rows). */
function retailCenterOf(session: Session): string | null {
  return session.user.isPlantUser ? null : (session.user.currentRetailer?.retailerNumber ?? null);
}

const inWindow = (column: typeof t.npsResponses.sixMonthCompleteDate | typeof t.warrantyCards.npsDate, window: NpsWindow) =>
  between(column, window.startDate, window.endDate);

/** count(*) of one band's answers within a window. */
function bandCount(band: NpsBand, window: NpsWindow): SQL<number> {
  const [min, max] = NPS_BAND_RANGES[band];
  return sql<number>`count(*) filter (where ${between(t.npsResponses.recommend, min, max)} and ${inWindow(t.npsResponses.sixMonthCompleteDate, window)})`.mapWith(
    Number,
  );
}

const emptyCounts = {
  promoterCount: 0,
  passiveCount: 0,
  detractorCount: 0,
  previousPromoterCount: 0,
  previousPassiveCount: 0,
  previousDetractorCount: 0,
};

export const npsRoutes: RouteDefinition[] = [
  route({
    method: 'GET',
    endpoint: paths.npsScores,
    summary: 'The NPS score of the current retail center over a window of days',
    answer: v.array(NpsScore),
    flag: 'canViewNps',
    query: NpsQuery,
    handle: async ({ c, db, session, query }) => {
      const retailerNumber = retailCenterOf(session);
      const previous = previousYearWindow(query);
      let counts = emptyCounts;
      if (retailerNumber) {
        const [row] = await db
          .select({
            promoterCount: bandCount('Promoter', query),
            passiveCount: bandCount('Passive', query),
            detractorCount: bandCount('Detractor', query),
            previousPromoterCount: bandCount('Promoter', previous),
            previousPassiveCount: bandCount('Passive', previous),
            previousDetractorCount: bandCount('Detractor', previous),
          })
          .from(t.npsResponses)
          // The index (retailer, date) reads the two windows' span and nothing else.
          .where(
            and(
              eq(t.npsResponses.retailerNumber, retailerNumber),
              between(t.npsResponses.sixMonthCompleteDate, previous.startDate, query.endDate),
            ),
          );
        if (row) counts = row;
      }
      const score: NpsScore = {
        totalNPS: totalNps(counts),
        promoterCount: counts.promoterCount,
        passiveCount: counts.passiveCount,
        detractorCount: counts.detractorCount,
        previousTotalNPS: totalNps({
          promoterCount: counts.previousPromoterCount,
          passiveCount: counts.previousPassiveCount,
          detractorCount: counts.previousDetractorCount,
        }),
        previousPromoterCount: counts.previousPromoterCount,
        previousPassiveCount: counts.previousPassiveCount,
        previousDetractorCount: counts.previousDetractorCount,
        startDate: query.startDate,
        endDate: query.endDate,
        previousStartDate: previous.startDate,
        previousEndDate: previous.endDate,
      };
      // spec 2 §7: a list of score records, of which the client uses the first.
      return c.json([score]);
    },
  }),

  route({
    method: 'GET',
    endpoint: paths.npsDetails,
    summary: 'The NPS survey answers behind the score',
    answer: v.array(NpsDetail),
    flag: 'canViewNps',
    query: NpsQuery,
    handle: async ({ c, db, session, query }) => {
      const retailerNumber = retailCenterOf(session);
      if (!retailerNumber) return c.json([]);
      const rows = await db
        .select()
        .from(t.npsResponses)
        .where(and(eq(t.npsResponses.retailerNumber, retailerNumber), inWindow(t.npsResponses.sixMonthCompleteDate, query)))
        .orderBy(desc(t.npsResponses.sixMonthCompleteDate), desc(t.npsResponses.id));
      return c.json(
        rows.map((row): NpsDetail => ({
          npsResponseId: row.id,
          customerFirstName: row.customerFirstName,
          customerLastName: row.customerLastName,
          serial: row.serialNumber,
          plantNumber: row.plantNumber,
          comments: row.comments,
          recommend: row.recommend,
          recommendGroup: npsBand(row.recommend),
          sixMonthCompleteDate: row.sixMonthCompleteDate,
          vantageAssetId: row.homeId,
        })),
      );
    },
  }),

  route({
    method: 'GET',
    endpoint: paths.npsUpcomingCalls,
    summary: 'The homeowners the NPS survey will call next',
    answer: v.array(NpsUpcomingCall),
    flag: 'canViewNps',
    query: NpsQuery,
    handle: async ({ c, db, session, query }) => {
      const retailerNumber = retailCenterOf(session);
      if (!retailerNumber) return c.json([]);
      const services =
        sql<number>`(select count(*) from ${t.serviceRequests} where ${t.serviceRequests.homeId} = ${t.homes.id} and ${isNotNull(t.serviceRequests.submittedAt)})`.mapWith(
          Number,
        );
      const rows = await db
        .select({ card: t.warrantyCards, home: t.homes, plantName: t.plants.name, retailer: t.retailers, services })
        .from(t.warrantyCards)
        .innerJoin(t.homes, eq(t.homes.id, t.warrantyCards.homeId))
        .innerJoin(t.plants, eq(t.plants.plantNumber, t.homes.plantNumber))
        .innerJoin(t.retailers, eq(t.retailers.retailerNumber, t.homes.retailerNumber))
        .where(
          and(
            eq(t.homes.retailerNumber, retailerNumber),
            inArray(t.warrantyCards.statusCode, CURRENT_CARD_STATUSES),
            inWindow(t.warrantyCards.npsDate, query),
          ),
        )
        .orderBy(asc(t.warrantyCards.npsDate), asc(t.homes.id));
      return c.json(
        rows.map(({ card, home, plantName, retailer, services }): NpsUpcomingCall => ({
          retailerChain: retailer.name,
          retailerNumber: retailer.retailerNumber,
          retailerName: `${retailer.name} - ${retailer.city}`,
          vantageAssetId: home.id,
          npsDate: card.npsDate ?? '',
          soldDate: card.soldDate ?? home.soldDate,
          plantNumber: home.plantNumber,
          plantName,
          modelNumber: home.modelNumber,
          serialNumber: home.serialNumber.slice(0, 9),
          fullSerialNumber: home.serialNumber,
          modelName: home.modelName,
          customerFirstName: card.firstName,
          customerLastName: card.lastName,
          address: [card.address1, card.address2].filter(Boolean).join(' '),
          city: card.city,
          state: card.state,
          zip: card.zipCode,
          areaCode: card.areaCode,
          phone: card.phoneNumber,
          homeAddress: [card.homeAddress1, card.homeAddress2].filter(Boolean).join(' '),
          homeCity: card.homeCity,
          homeState: card.homeState,
          homeZip: card.homeZipCode,
          services,
          addressDiffers: !isHomeAddressSameAsOwner(normalizeCardAddress(card)),
        })),
      );
    },
  }),
];
