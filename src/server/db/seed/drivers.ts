import type { Database } from '../client';
import { insertRows } from './bulk';
import * as t from '../schema';
import { daysBefore } from './days';
import type { Random } from './random';

/*
 * Demo data of EBE driver management (spec 3 §3 Driver): about 200 company employees at the plants and the
 * transportation yards, the driver types, and some employees already drivers. Names come from short lists of common
 * first and last names (Johnson beside Johnston, Martin beside Martinez), so a search by the start of a
 * name usually has several answers to tell apart.
 */

export const DRIVER_TYPES = ['Company Driver', 'Owner Operator', 'Pilot Car', 'Yard Driver', 'Escort Driver'] as const;
export const EMPLOYEE_COUNT = 200;

const FIRST_NAMES = [
  'James',
  'Mary',
  'Robert',
  'Patricia',
  'John',
  'Jennifer',
  'Michael',
  'Linda',
  'David',
  'Elizabeth',
  'William',
  'Barbara',
  'Richard',
  'Susan',
  'Joseph',
  'Jessica',
  'Thomas',
  'Karen',
  'Charles',
  'Sarah',
  'Christopher',
  'Lisa',
  'Daniel',
  'Nancy',
  'Matthew',
  'Sandra',
  'Anthony',
  'Ashley',
  'Mark',
  'Kimberly',
  'Donald',
  'Donna',
  'Steven',
  'Carol',
  'Andrew',
  'Michelle',
  'Joshua',
  'Emily',
  'Kenneth',
  'Amanda',
  'Kevin',
  'Melissa',
  'Brian',
  'Deborah',
  'Timothy',
  'Rebecca',
  'Ronald',
  'Laura',
  'Jason',
  'Cynthia',
  'Jeffrey',
  'Amy',
  'Ryan',
  'Angela',
  'Jacob',
  'Brenda',
  'Gary',
  'Pamela',
  'Nicholas',
  'Emma',
  'Eric',
  'Nicole',
  'Jonathan',
  'Helen',
  'Larry',
  'Katherine',
  'Justin',
  'Christine',
  'Scott',
  'Debra',
  'Wayne',
  'Tammy',
  'Dale',
  'Darlene',
  'Rodney',
  'Sheila',
  'Curtis',
  'Vicki',
  'Travis',
  'Tonya',
  'Luis',
  'Maria',
  'Carlos',
  'Rosa',
];

const LAST_NAMES = [
  'Smith',
  'Johnson',
  'Johnston',
  'Williams',
  'Brown',
  'Jones',
  'Garcia',
  'Miller',
  'Davis',
  'Rodriguez',
  'Martinez',
  'Hernandez',
  'Lopez',
  'Wilson',
  'Anderson',
  'Thomas',
  'Taylor',
  'Moore',
  'Jackson',
  'Martin',
  'Lee',
  'Thompson',
  'White',
  'Harris',
  'Clark',
  'Lewis',
  'Robinson',
  'Walker',
  'Young',
  'Allen',
  'King',
  'Wright',
  'Scott',
  'Torres',
  'Hill',
  'Green',
  'Adams',
  'Baker',
  'Nelson',
  'Carter',
  'Mitchell',
  'Campbell',
  'Roberts',
  'Phillips',
  'Evans',
  'Turner',
  'Parker',
  'Collins',
  'Edwards',
  'Stewart',
  'Morris',
  'Murphy',
  'Cook',
  'Rogers',
  'Morgan',
  'Cooper',
  'Peterson',
  'Bailey',
  'Reed',
  'Kelly',
  'Howard',
  'Cox',
  'Ward',
  'Brooks',
  'Gray',
  'Watson',
  'Hughes',
  'Price',
  'Sanders',
  'Bennett',
  'Wood',
  'Barnes',
  'Ross',
  'Henderson',
  'Coleman',
  'Jenkins',
  'Perry',
  'Powell',
  'Long',
  'Patterson',
  'Hayes',
  'McCoy',
  "O'Neal",
  'Dunn',
  'Pruitt',
];

/** Where employees work: the plants of the demo (seed/shell.ts) and the transportation yards. */
const LOCATIONS = [
  'Clinton West (910), Clinton TN',
  'Rutledge (915), Rutledge TN',
  'Bean Station (920), Bean Station TN',
  'Richfield (931), Richfield NC',
  'Hamilton (944), Hamilton AL',
  'Waycross (952), Waycross GA',
  'Bonham (967), Bonham TX',
  'Savannah (973), Savannah TN',
  'Maryville Transportation Yard, Maryville TN',
  'Knoxville Support Center, Knoxville TN',
];

/** Job titles, weighted like a plant's payroll: drivers and yard crews are who transportation looks for. */
const JOB_TITLES: readonly (readonly [string, number])[] = [
  ['Transport Driver', 14],
  ['Yard Hostler', 6],
  ['Pilot Car Operator', 4],
  ['Production Associate', 16],
  ['Framing Lead', 4],
  ['Electrician', 4],
  ['Plumber', 3],
  ['Quality Inspector', 4],
  ['Material Handler', 6],
  ['Forklift Operator', 5],
  ['Maintenance Technician', 4],
  ['Shipping Coordinator', 3],
  ['Service Technician', 4],
  ['Production Supervisor', 2],
  ['Purchasing Agent', 1],
  ['Office Administrator', 2],
];

/** Which driver type an employee of a job title most likely is. */
const TYPE_BY_TITLE: Record<string, (typeof DRIVER_TYPES)[number]> = {
  'Transport Driver': 'Company Driver',
  'Yard Hostler': 'Yard Driver',
  'Pilot Car Operator': 'Pilot Car',
};

export async function seedDrivers(db: Database, random: Random, today: Date): Promise<Record<string, number>> {
  // Migration 0016 puts them in every database; a seed of an older one makes sure.
  await db
    .insert(t.driverTypes)
    .values(DRIVER_TYPES.map((description) => ({ description })))
    .onConflictDoNothing();
  const types = await db.select({ id: t.driverTypes.id, description: t.driverTypes.description }).from(t.driverTypes);
  const typeId = (description: string) => types.find((type) => type.description === description)!.id;

  const employees = Array.from({ length: EMPLOYEE_COUNT }, (_, index) => ({
    // Six-digit payroll numbers, increasing with the hire order.
    employeeNumber: String(104_000 + index * 37 + random.int(0, 30)),
    firstName: random.pick(FIRST_NAMES),
    lastName: random.pick(LAST_NAMES),
    jobTitle: random.weighted(JOB_TITLES),
    location: random.pick(LOCATIONS),
  }));
  await insertRows(db, t.hbgEmployees, employees);

  // Most drivers by trade are drivers already; a few are not yet (a manager's work), and a few others drive too.
  const drivers = employees.flatMap((employee) => {
    const byTrade = TYPE_BY_TITLE[employee.jobTitle];
    if (byTrade ? !random.chance(0.75) : !random.chance(0.04)) return [];
    const description = byTrade && !random.chance(0.15) ? byTrade : random.pick(DRIVER_TYPES);
    const updatedAt = daysBefore(today, random.int(5, 700));
    return [{ employeeNumber: employee.employeeNumber, driverTypeId: typeId(description), createdAt: updatedAt, updatedAt }];
  });
  await insertRows(db, t.drivers, drivers);
  return { driverTypes: types.length, hbgEmployees: employees.length, drivers: drivers.length };
}
