import type { Database } from '../client';
import type { Random } from './random';

export async function seedDrivers(_db: Database, _random: Random, _today: Date): Promise<Record<string, number>> {
  return {};
}
